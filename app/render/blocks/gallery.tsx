import { useState } from 'react';
import type { Block } from '../../content/schema';
import { Img } from './media';

/** A carousel: one slide at a time, buttons and arrow keys move it, the position is announced. */
export function GalleryBlock({ block }: { block: Extract<Block, { type: 'gallery' }> }) {
  const [index, setIndex] = useState(0);
  const count = block.images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  return (
    <section
      className="block gallery"
      id={block.id}
      aria-roledescription="carousel"
      aria-label={block.heading}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + 1);
        if (e.key === 'ArrowLeft') go(index - 1);
      }}
    >
      {block.heading && <h2>{block.heading}</h2>}
      <div className="gallery__viewport">
        {block.images.map((image, i) => (
          <div
            key={i}
            className="gallery__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            hidden={i !== index}
          >
            <Img image={image} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="gallery__controls">
          <button type="button" className="button button--secondary" aria-label="←" onClick={() => go(index - 1)}>
            ←
          </button>
          <span className="gallery__position" aria-live="polite">
            {index + 1} / {count}
          </span>
          <button type="button" className="button button--secondary" aria-label="→" onClick={() => go(index + 1)}>
            →
          </button>
        </div>
      )}
    </section>
  );
}
