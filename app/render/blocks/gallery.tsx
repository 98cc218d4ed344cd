import { useContext, useEffect, useRef, useState } from 'react';
import { lazyImageChecker } from '../../dom/lazy-images';
import type { Block } from '../../content/schema';
import { useGestures } from '../hooks/use-gestures';
import { uiStrings } from '../../i18n/strings';
import { useContentPaths } from '../content-paths';
import { PageContext } from '../page-context';
import { Img } from './media';

/**
 * A carousel: one slide at a time. Swipes (touch, pen or mouse), the buttons and the arrow
 * keys move it; the position is announced politely. A slide comes in from the side it was
 * swiped from, unless the visitor prefers reduced motion (site.css). Hidden slides are not
 * rendered, so their images load (lazily) when they are shown.
 */
export function GalleryBlock({ block }: { block: Extract<Block, { type: 'gallery' }> }) {
  const t = uiStrings(useContext(PageContext).lang);
  const [index, setIndex] = useState(0);
  // Which way the last move went; only set after a move, so the server's HTML has none.
  const [direction, setDirection] = useState<'next' | 'previous' | undefined>(undefined);
  const count = block.images.length;
  const go = (step: 1 | -1) => {
    if (count < 2) return;
    setDirection(step === 1 ? 'next' : 'previous');
    setIndex((current) => (((current + step) % count) + count) % count);
  };
  const at = useContentPaths();
  const gestures = useGestures<HTMLDivElement>({ onSwipeLeft: () => go(1), onSwipeRight: () => go(-1) });

  // The newly shown slide's image was hidden, so no check has seen it yet.
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    lazyImageChecker().check();
  }, [index]);

  return (
    <section
      className="block gallery"
      id={block.id}
      aria-roledescription="carousel"
      aria-label={block.heading}
      {...at()}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
    >
      {block.heading && <h2 {...at('heading')}>{block.heading}</h2>}
      <div className="gallery__viewport" {...gestures}>
        {block.images.map((image, i) => (
          <div
            key={i}
            className="gallery__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            hidden={i !== index}
            data-direction={i === index ? direction : undefined}
          >
            <Img image={image} layout="gallery" paths={at('images', i)} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="gallery__controls">
          <button type="button" className="button button--secondary gallery__previous" aria-label={t.previousSlide} onClick={() => go(-1)}>
            <span aria-hidden="true">←</span>
          </button>
          <span className="gallery__position" aria-live="polite" aria-atomic="true">
            {index + 1} / {count}
          </span>
          <button type="button" className="button button--secondary gallery__next" aria-label={t.nextSlide} onClick={() => go(1)}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      )}
    </section>
  );
}
