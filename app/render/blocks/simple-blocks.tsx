/** Blocks that are markup only: hero, rich text, image, cards, accordion, table, call to action. */
import type { Block } from '../../content/schema';
import { useContentPaths } from '../content-paths';
import { RichText } from '../rich-text';
import { ActionButton } from './action';
import { Img } from './media';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

export function HeroBlock({ block, first, priority }: { block: Of<'hero'>; first: boolean; priority: boolean }) {
  const Heading = first ? 'h1' : 'h2';
  const at = useContentPaths();
  return (
    <section className="block hero" id={block.id} {...at()}>
      <div className="hero__text">
        <Heading tabIndex={first ? -1 : undefined} {...at('heading')}>
          {block.heading}
        </Heading>
        {block.text && (
          <p className="hero__lead" {...at('text')}>
            {block.text}
          </p>
        )}
        {block.actions && block.actions.length > 0 && (
          <div className="hero__actions">
            {block.actions.map((action, i) => (
              <ActionButton key={i} action={action} variant={i === 0 ? 'primary' : 'secondary'} path={['actions', i]} />
            ))}
          </div>
        )}
      </div>
      {block.image && <Img className="hero__image" image={block.image} priority={priority} layout="hero" paths={at('image')} />}
    </section>
  );
}

export function RichTextBlock({ block }: { block: Of<'richText'> }) {
  const at = useContentPaths();
  return (
    <section className="block" id={block.id} {...at()}>
      <RichText doc={block.doc} paths={at('doc')} />
    </section>
  );
}

export function ImageBlock({ block, priority }: { block: Of<'image'>; priority: boolean }) {
  const at = useContentPaths();
  return (
    <figure className="block figure" id={block.id} {...at()}>
      <Img image={block.image} priority={priority} paths={at('image')} />
      {block.caption && <figcaption {...at('caption')}>{block.caption}</figcaption>}
    </figure>
  );
}

export function CardsBlock({ block }: { block: Of<'cards'> }) {
  const at = useContentPaths();
  return (
    <section className="block cards" id={block.id} {...at()}>
      {block.heading && <h2 {...at('heading')}>{block.heading}</h2>}
      <ul className="cards__list">
        {block.items.map((item, i) => (
          <li key={i} className="card" {...at('items', i)}>
            {item.image && <Img image={item.image} layout="card" paths={at('items', i, 'image')} />}
            <h3 className="card__title" {...at('items', i, 'title')}>
              {item.href ? <a href={item.href}>{item.title}</a> : item.title}
            </h3>
            {item.text && <p {...at('items', i, 'text')}>{item.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccordionBlock({ block }: { block: Of<'accordion'> }) {
  const at = useContentPaths();
  return (
    <section className="block accordion" id={block.id} {...at()}>
      {block.heading && <h2 {...at('heading')}>{block.heading}</h2>}
      {block.items.map((item, i) => (
        <details key={i} className="accordion__item" {...at('items', i)}>
          <summary {...at('items', i, 'question')}>{item.question}</summary>
          <RichText doc={item.answer} paths={at('items', i, 'answer')} />
        </details>
      ))}
    </section>
  );
}

export function TableBlock({ block }: { block: Of<'table'> }) {
  const at = useContentPaths();
  return (
    <div className="block table-wrap" id={block.id} role="region" aria-label={block.caption} tabIndex={0} {...at()}>
      <table>
        {block.caption && <caption {...at('caption')}>{block.caption}</caption>}
        <thead>
          <tr>
            {block.header.map((h, i) => (
              <th key={i} scope="col" {...at('header', i)}>
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
                  <th key={j} scope="row" {...at('rows', i, j)}>
                    {cell}
                  </th>
                ) : (
                  <td key={j} {...at('rows', i, j)}>
                    {cell}
                  </td>
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
  const at = useContentPaths();
  return (
    <section className="block cta" id={block.id} {...at()}>
      {block.text && (
        <p className="cta__text" {...at('text')}>
          {block.text}
        </p>
      )}
      <ActionButton action={block.action} path={['action']} />
    </section>
  );
}
