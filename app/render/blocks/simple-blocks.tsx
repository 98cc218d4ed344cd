/** Blocks that are markup only: hero, rich text, image, cards, accordion, table, call to action. */
import type { Block } from '../../content/schema';
import { RichText } from '../rich-text';
import { ActionButton } from './action';
import { Img } from './media';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

export function HeroBlock({ block, first, priority }: { block: Of<'hero'>; first: boolean; priority: boolean }) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className="block hero" id={block.id}>
      <div className="hero__text">
        <Heading tabIndex={first ? -1 : undefined}>{block.heading}</Heading>
        {block.text && <p className="hero__lead">{block.text}</p>}
        {block.actions && block.actions.length > 0 && (
          <div className="hero__actions">
            {block.actions.map((action, i) => (
              <ActionButton key={i} action={action} variant={i === 0 ? 'primary' : 'secondary'} />
            ))}
          </div>
        )}
      </div>
      {block.image && <Img className="hero__image" image={block.image} priority={priority} layout="hero" />}
    </section>
  );
}

export function RichTextBlock({ block }: { block: Of<'richText'> }) {
  return (
    <section className="block" id={block.id}>
      <RichText doc={block.doc} />
    </section>
  );
}

export function ImageBlock({ block, priority }: { block: Of<'image'>; priority: boolean }) {
  return (
    <figure className="block figure" id={block.id}>
      <Img image={block.image} priority={priority} />
      {block.caption && <figcaption>{block.caption}</figcaption>}
    </figure>
  );
}

export function CardsBlock({ block }: { block: Of<'cards'> }) {
  return (
    <section className="block cards" id={block.id}>
      {block.heading && <h2>{block.heading}</h2>}
      <ul className="cards__list">
        {block.items.map((item, i) => (
          <li key={i} className="card">
            {item.image && <Img image={item.image} layout="card" />}
            <h3 className="card__title">{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h3>
            {item.text && <p>{item.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccordionBlock({ block }: { block: Of<'accordion'> }) {
  return (
    <section className="block accordion" id={block.id}>
      {block.heading && <h2>{block.heading}</h2>}
      {block.items.map((item, i) => (
        <details key={i} className="accordion__item">
          <summary>{item.question}</summary>
          <RichText doc={item.answer} />
        </details>
      ))}
    </section>
  );
}

export function TableBlock({ block }: { block: Of<'table'> }) {
  return (
    <div className="block table-wrap" id={block.id} role="region" aria-label={block.caption} tabIndex={0}>
      <table>
        {block.caption && <caption>{block.caption}</caption>}
        <thead>
          <tr>
            {block.header.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CtaBlock({ block }: { block: Of<'cta'> }) {
  return (
    <section className="block cta" id={block.id}>
      {block.text && <p className="cta__text">{block.text}</p>}
      <ActionButton action={block.action} />
    </section>
  );
}
