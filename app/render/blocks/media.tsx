import { useContext, type ReactNode } from 'react';
import type { Image as ImageData } from '../../content/schema';
import type { ImageInfo } from '../../images/image-manifest';
import { IMAGE_SIZES, fallbackUrl, sourceFormatsOf, srcsetFor, type ImageLayout } from '../../images/image-variants';
import type { ContentPathAttributes } from '../content-paths';
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
 * A raster image the build made variants of (docs/content-model.md#14-media) is described in
 * the payload by hash, size, widths and formats; its markup is derived from that here, on the
 * server and in the browser alike (app/images/image-variants.ts). Shown, it is a <picture>: an
 * AVIF and a WebP <source> with the `sizes` of the block's `layout`, and the <img> carrying
 * one fallback variant as `src`. Waiting, it is the same markup as an image without variants,
 * with the fallback variant as its source: the <source>s are rendered only once it is due, so
 * a page of many images sends no srcset it does not show yet (docs/performance.md).
 */
export function Img({
  image,
  priority = false,
  className,
  layout = 'content',
  paths,
}: {
  image: ImageData;
  priority?: boolean;
  className?: string;
  layout?: ImageLayout;
  /** the image's content path, on the preview host (../content-paths.ts) */
  paths?: ContentPathAttributes;
}) {
  const { images } = useContext(PageContext);
  const info = images && Object.prototype.hasOwnProperty.call(images, image.src) ? images[image.src] : undefined;
  // The source the <img> carries: for a raster image with variants, its fallback variant
  // (never the original path, which no <img> requests). Its load and error events are matched
  // against it, and it is what the cache of loaded sources remembers.
  const src = info ? fallbackUrl(image.src, info) : image.src;
  // A new source is a new image: its own attempts and state.
  return (
    <LazyImg key={src} image={image} src={src} priority={priority} className={className} variants={info} layout={layout} paths={paths} />
  );
}

/** A shown image with variants: its <source>s around the <img>. */
function Picture({ path, info, layout, children }: { path: string; info: ImageInfo; layout: ImageLayout; children: ReactNode }) {
  return (
    <picture>
      {sourceFormatsOf(info).map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcsetFor(path, info, format)} sizes={IMAGE_SIZES[layout]} />
      ))}
      {children}
    </picture>
  );
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
  layout: ImageLayout;
  paths?: ContentPathAttributes;
}

function LazyImg({ image, src, priority, className, variants, layout, paths }: LazyImgProps) {
  const { ref, phase, showing, attempt, onLoad, onError } = useLazyImage(src, !priority);
  const { alt } = image;
  // A built page has both (the build reads them from the file); a draft in the preview may
  // leave them out, and then shows the size of the file's variants, when the site has them.
  const width = image.width ?? variants?.width;
  const height = image.height ?? variants?.height;
  const shown = (img: ReactNode) =>
    variants ? (
      <Picture path={image.src} info={variants} layout={layout}>
        {img}
      </Picture>
    ) : (
      img
    );

  if (phase === 'failed') {
    return (
      <span className={['img-fallback', className].filter(Boolean).join(' ')} {...paths}>
        <img src={placeholderSrc(width, height)} alt="" width={width} height={height} />
        {alt && <span className="img-fallback__text">{alt}</span>}
      </span>
    );
  }

  if (priority) {
    return shown(
      <img
        key={attempt}
        ref={ref}
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        decoding="auto"
        fetchPriority="high"
        {...paths}
        onLoad={onLoad}
        onError={onError}
      />,
    );
  }

  const img = (
    <img
      key={attempt}
      ref={ref}
      className={className}
      src={showing ? src : placeholderSrc(width, height)}
      data-src={src}
      data-lazy={showing ? (phase === 'loaded' ? 'loaded' : 'loading') : 'waiting'}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      {...paths}
      onLoad={onLoad}
      onError={onError}
    />
  );
  return (
    <>
      <noscript>
        <img className={className} src={src} alt={alt} width={width} height={height} decoding="async" />
      </noscript>
      {showing ? shown(img) : img}
    </>
  );
}
