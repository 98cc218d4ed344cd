import { createContext, useContext } from 'react';
import type { Block } from '../../content/schema';
import { priorityImageBlock } from '../../content/priority-image';
import { ContentPathContext, useContentPathKeys, useContentPaths } from '../content-paths';
import { lazyPart } from '../lazy-parts';
import { AccordionBlock, CardsBlock, CtaBlock, HeroBlock, ImageBlock, RichTextBlock, TableBlock } from './simple-blocks';

/** Editors (preview) see a placeholder for a block this code cannot render; visitors see nothing. */
export const PreviewModeContext = createContext(false);

function UnknownBlock({ type }: { type: string }) {
  const preview = useContext(PreviewModeContext);
  const at = useContentPaths();
  if (!preview) return null;
  return (
    <div className="block unknown-block" role="note" {...at()}>
      Unknown block type “{type}”: this block is not shown to visitors.
    </div>
  );
}

function BlockView({ block, first, priority }: { block: Block; first: boolean; priority: boolean }) {
  const at = useContentPaths();
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} first={first} priority={priority} />;
    case 'richText':
      return <RichTextBlock block={block} />;
    case 'image':
      return <ImageBlock block={block} priority={priority} />;
    case 'gallery':
    case 'form': {
      const Component = lazyPart<{ block: Block }>(block.type);
      // eslint-disable-next-line react-hooks/static-components -- lazyPart returns the one component registered for the name, the same on every render
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
        <section className="block section" id={block.id} {...at()}>
          {block.heading && <h2 {...at('heading')}>{block.heading}</h2>}
          <ContentRenderer blocks={block.blocks} />
        </section>
      );
    default:
      return <UnknownBlock type={(block as { type: string }).type} />;
  }
}

/**
 * Renders blocks in order. `leading` marks the page's own blocks (not a modal's): the first
 * one owns the h1 when it is a hero, and the page's first image, if it is near the top, is
 * the LCP image (real source, eager, high priority).
 */
export function ContentRenderer({ blocks, leading = false }: { blocks: Block[]; leading?: boolean }) {
  const priority = leading ? priorityImageBlock(blocks) : -1;
  // Paths on (the preview host): each block is told where it stands in the page file.
  const base = useContentPathKeys();
  return (
    <>
      {blocks.map((block, i) =>
        base === null ? (
          <BlockView key={i} block={block} first={leading && i === 0} priority={i === priority} />
        ) : (
          <ContentPathContext.Provider key={i} value={[...base, 'blocks', i]}>
            <BlockView block={block} first={leading && i === 0} priority={i === priority} />
          </ContentPathContext.Provider>
        ),
      )}
    </>
  );
}
