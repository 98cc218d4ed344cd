/**
 * The text of a page a visitor reads, as search indexes it: the title, the description (the
 * editors' summary of the page, which search engines show), the headings, and the
 * body in reading order (hero and card text, rich text with its list items, FAQ questions and
 * answers, table captions and cells, image captions, call-to-action text, and what a modal
 * opened from the page shows). Not indexed: field names and values a visitor never reads as
 * text (hrefs, image sources and alt text, ids, layout), button labels, and forms, whose
 * labels are words of the form, not of the page's subject.
 */
import type { Block, Page, RichNode } from '../content/schema';

export interface PageText {
  title: string;
  description: string;
  /** the page's headings, joined */
  headings: string;
  /** everything read on the page but the title, headings included, in reading order */
  body: string;
}

function richText(nodes: readonly RichNode[] | undefined, body: string[], headings: string[]): void {
  for (const node of nodes ?? []) {
    if (node.type === 'text') body.push(node.text);
    else if (node.type === 'heading') {
      const inner: string[] = [];
      richText(node.content, inner, headings);
      headings.push(inner.join(''));
      body.push(' ', inner.join(''), ' ');
    } else if ('content' in node) {
      richText(node.content, body, headings);
      body.push(' ');
    } else body.push(' ');
  }
}

function blockText(block: Block, body: string[], headings: string[]): void {
  const heading = (text: string | undefined) => {
    if (!text) return;
    headings.push(text);
    body.push(text);
  };
  const rich = (nodes: readonly RichNode[]) => {
    const parts: string[] = [];
    richText(nodes, parts, headings);
    body.push(parts.join(''));
  };
  switch (block.type) {
    case 'hero':
      heading(block.heading);
      if (block.text) body.push(block.text);
      for (const action of block.actions ?? []) if ('modal' in action) modal(action.modal, body, headings);
      return;
    case 'richText':
      return rich(block.doc.content);
    case 'image':
      if (block.caption) body.push(block.caption);
      return;
    case 'gallery':
      return heading(block.heading);
    case 'cards':
      heading(block.heading);
      for (const item of block.items) body.push(item.title, ...(item.text ? [item.text] : []));
      return;
    case 'accordion':
      heading(block.heading);
      for (const item of block.items) {
        body.push(item.question);
        rich(item.answer.content);
      }
      return;
    case 'table':
      if (block.caption) body.push(block.caption);
      body.push(...block.header, ...block.rows.flat());
      return;
    case 'cta':
      if (block.text) body.push(block.text);
      if ('modal' in block.action) modal(block.action.modal, body, headings);
      return;
    case 'form':
      return;
    case 'section':
      heading(block.heading);
      for (const inner of block.blocks) blockText(inner, body, headings);
      return;
  }
}

function modal(m: { title: string; blocks: Block[] }, body: string[], headings: string[]): void {
  headings.push(m.title);
  body.push(m.title);
  for (const block of m.blocks) blockText(block, body, headings);
}

const SPACES = /\s+/g;
const tidy = (parts: string[]) => parts.join(' ').replace(SPACES, ' ').trim();

export function pageText(page: Pick<Page, 'title' | 'description' | 'blocks'>): PageText {
  const body: string[] = [];
  const headings: string[] = [];
  for (const block of page.blocks) blockText(block, body, headings);
  return { title: page.title.trim(), description: page.description.trim(), headings: tidy(headings), body: tidy(body) };
}
