import type { Image as ImageData } from '../../content/schema';

/**
 * An image that keeps its intrinsic size in the HTML so nothing shifts. `priority` marks the
 * page's first image (the likely LCP element), which must not be lazy.
 */
export function Img({ image, priority = false, className }: { image: ImageData; priority?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
