import { useContext, type ReactNode } from 'react';
import type { Image as ImageData } from '../../content/schema';
import type { ImageInfo } from '../../images/image-manifest';
import { IMAGE_SIZES, srcsetOf, type ImageLayout } from '../../images/image-variants';
import { useLazyImage } from '../hooks/use-lazy-image';
import { PageContext } from '../page-context';

/**
 * An image that keeps its intrinsic size (width, height) and its alt text in the HTML, so
 * nothing shifts. `priority` marks the page's first image (the likely LCP element): the
 * server gives it its real source, eager and high priority.
 *
 * Every other image is lazy (docs/behaviour.md#9-lazy-images, app/dom/lazy-images.ts). The server renders it with its
 * source in `data-src` and a same-size blank SVG as `src`: an <img> with alt text and no
 * source is laid out as text in Chromium and would shift the page when the picture arrives.
 * A <noscript> copy with the real source serves visitors without JavaScript (site.css hides
 * the placeholder next to it then). After 3 failed attempts the alt text is shown in a box
 * of the same size; a decorative image (alt="") stays an empty box.
 *
 * A raster image the build made variants of (docs/content-model.md#14-media) is a <picture>:
 * AVIF and WebP sources and the fallback's srcset, with the `sizes` of the block's `layout`,
 * and its blurred preview as the waiting image's source. The lazy rules are the same: a
 * waiting picture carries its srcsets in data-srcset and gets them when it is shown.
 */
export function Img({
  image,
  priority = false,
  className,
  layout = 'content',
}: {
  image: ImageData;
  priority?: boolean;
  className?: string;
  layout?: ImageLayout;
}) {
  const { images } = useContext(PageContext);
  const info = images && Object.prototype.hasOwnProperty.call(images, image.src) ? images[image.src] : undefined;
  // The source the <img> carries: for a raster image with variants, its fallback variant
  // (never the original path, which no <img> requests). Its load and error events are matched
  // against it, and it is what the cache of loaded sources remembers.
  const src = info ? fallbackSrc(info) : image.src;
  // A new source is a new image: its own attempts and state.
  return (
    <LazyImg key={src} image={image} src={src} priority={priority} className={className} variants={info} sizes={IMAGE_SIZES[layout]} />
  );
}

/** The fallback format's variants (JPEG or PNG), which the <img> itself carries. */
function fallbackOf(info: ImageInfo) {
  return info.variants.jpeg ?? info.variants.png ?? info.variants.webp ?? [];
}

/** The variant a browser without srcset support shows: the widest up to 1280 px. */
export function fallbackSrc(info: ImageInfo): string {
  const list = fallbackOf(info);
  const upTo = list.filter((v) => v.width <= 1280);
  return (upTo.length > 0 ? upTo[upTo.length - 1]! : list[0]!).src;
}

/** The <source>s of a picture; when waiting, their srcsets sit in data-srcset. */
function Sources({ info, sizes, showing }: { info: ImageInfo; sizes: string; showing: boolean }): ReactNode {
  return (['avif', 'webp'] as const).map((format) => {
    const list = info.variants[format];
    if (!list) return null;
    const srcset = srcsetOf(list);
    return showing ? (
      <source key={format} type={`image/${format}`} srcSet={srcset} sizes={sizes} />
    ) : (
      <source key={format} type={`image/${format}`} data-srcset={srcset} sizes={sizes} />
    );
  });
}

/** A blank image with the given size, so a waiting <img> is laid out like the real one. */
export function placeholderSrc(width: number | undefined, height: number | undefined): string {
  const size = width !== undefined && height !== undefined ? ` width='${width}' height='${height}'` : '';
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'${size}%2F%3E`;
}

interface LazyImgProps {
  image: ImageData;
  /** the real source of the <img>: `image.src`, or the fallback variant when there are variants */
  src: string;
  priority: boolean;
  className?: string;
  variants?: ImageInfo;
  sizes: string;
}

function LazyImg({ image, src, priority, className, variants, sizes }: LazyImgProps) {
  const { ref, phase, showing, attempt, onLoad, onError } = useLazyImage(src, !priority);
  const { alt } = image;
  // A built page has both (the build reads them from the file); a draft in the preview may
  // leave them out, and then shows the size of the file's variants, when the site has them.
  const width = image.width ?? variants?.width;
  const height = image.height ?? variants?.height;
  const srcSet = variants ? srcsetOf(fallbackOf(variants)) : undefined;
  const wrap = (img: ReactNode, shown: boolean) =>
    variants ? (
      <picture>
        <Sources info={variants} sizes={sizes} showing={shown} />
        {img}
      </picture>
    ) : (
      img
    );
  // Until the picture is due, its tiny preview, scaled up (so blurred), fills the reserved box.
  // As the <img>'s own source rather than a background: the CSP allows data: images but no
  // style attributes.
  const waitingSrc = variants ? variants.placeholder : placeholderSrc(width, height);

  if (phase === 'failed') {
    return (
      <span className={['img-fallback', className].filter(Boolean).join(' ')}>
        <img src={placeholderSrc(width, height)} alt="" width={width} height={height} />
        {alt && <span className="img-fallback__text">{alt}</span>}
      </span>
    );
  }

  if (priority) {
    return wrap(
      <img
        key={attempt}
        ref={ref}
        className={className}
        src={src}
        srcSet={srcSet}
        sizes={variants ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        decoding="auto"
        fetchPriority="high"
        onLoad={onLoad}
        onError={onError}
      />,
      true,
    );
  }

  return (
    <>
      <noscript>
        {wrap(
          <img
            className={className}
            src={src}
            srcSet={srcSet}
            sizes={variants ? sizes : undefined}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
          />,
          true,
        )}
      </noscript>
      {wrap(
        <img
          key={attempt}
          ref={ref}
          className={className}
          src={showing ? src : waitingSrc}
          srcSet={showing ? srcSet : undefined}
          data-srcset={showing ? undefined : srcSet}
          sizes={variants ? sizes : undefined}
          data-src={src}
          data-lazy={showing ? (phase === 'loaded' ? 'loaded' : 'loading') : 'waiting'}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={onLoad}
          onError={onError}
        />,
        showing,
      )}
    </>
  );
}
