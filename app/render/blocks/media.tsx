import type { Image as ImageData } from '../../content/schema';
import { useLazyImage } from '../hooks/use-lazy-image';

/**
 * An image that keeps its intrinsic size (width, height) and its alt text in the HTML, so
 * nothing shifts. `priority` marks the page's first image (the likely LCP element): the
 * server gives it its real source, eager and high priority.
 *
 * Every other image is lazy (docs/behaviour.md#9-lazy-images, app/client/lazy-images.ts). The server renders it with its
 * source in `data-src` and a same-size blank SVG as `src`: an <img> with alt text and no
 * source is laid out as text in Chromium and would shift the page when the picture arrives.
 * A <noscript> copy with the real source serves visitors without JavaScript (site.css hides
 * the placeholder next to it then). After 3 failed attempts the alt text is shown in a box
 * of the same size; a decorative image (alt="") stays an empty box.
 */
export function Img({ image, priority = false, className }: { image: ImageData; priority?: boolean; className?: string }) {
  // A new source is a new image: its own attempts and state.
  return <LazyImg key={image.src} image={image} priority={priority} className={className} />;
}

/** A blank image with the given size, so a waiting <img> is laid out like the real one. */
export function placeholderSrc(width: number, height: number): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'%2F%3E`;
}

function LazyImg({ image, priority, className }: { image: ImageData; priority: boolean; className?: string }) {
  const { ref, phase, showing, attempt, onLoad, onError } = useLazyImage(image.src, !priority);
  const { src, alt, width, height } = image;

  if (phase === 'failed') {
    return (
      <span className={['img-fallback', className].filter(Boolean).join(' ')}>
        <img src={placeholderSrc(width, height)} alt="" width={width} height={height} />
        {alt && <span className="img-fallback__text">{alt}</span>}
      </span>
    );
  }

  if (priority) {
    return (
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
        onLoad={onLoad}
        onError={onError}
      />
    );
  }

  return (
    <>
      <noscript>
        <img className={className} src={src} alt={alt} width={width} height={height} decoding="async" />
      </noscript>
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
        onLoad={onLoad}
        onError={onError}
      />
    </>
  );
}
