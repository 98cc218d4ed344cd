import { createContext, useContext, type ComponentType } from 'react';
import type { Block } from '../../content/schema';
import { lazyBlockComponent } from './lazy-blocks';
import { AccordionBlock, CardsBlock, CtaBlock, HeroBlock, ImageBlock, RichTextBlock, TableBlock } from './simple-blocks';

/** Editors (preview) see a placeholder for a block this code cannot render; visitors see nothing. */
export const PreviewModeContext = createContext(false);

function UnknownBlock({ type }: { type: string }) {
  const preview = useContext(PreviewModeContext);
  if (!preview) return null;
  return (
    <div className="block unknown-block" role="note">
      Unknown block type “{type}”: this block is not shown to visitors.
    </div>
  );
}

function BlockView({ block, first }: { block: Block; first: boolean }) {
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} first={first} />;
    case 'richText':
      return <RichTextBlock block={block} />;
    case 'image':
      return <ImageBlock block={block} first={first} />;
    case 'gallery':
    case 'form': {
      const Component = lazyBlockComponent(block.type) as ComponentType<{ block: Block }> | undefined;
      return Component ? <Component block={block} /> : null;
    }
    case 'cards':
      return <CardsBlock block={block} />;
    case 'accordion':
      return <AccordionBlock block={block} />;
    case 'table':
      return <TableBlock block={block} />;
    case 'cta':
      return <CtaBlock block={block} />;
    case 'section':
      return (
        <section className="block section" id={block.id}>
          {block.heading && <h2>{block.heading}</h2>}
          <ContentRenderer blocks={block.blocks} />
        </section>
      );
    default:
      return <UnknownBlock type={(block as { type: string }).type} />;
  }
}

/** Renders blocks in order. `leading` marks the page's first block, which owns the h1 and the LCP image. */
export function ContentRenderer({ blocks, leading = false }: { blocks: Block[]; leading?: boolean }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} first={leading && i === 0} />
      ))}
    </>
  );
}
