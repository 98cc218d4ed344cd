/**
 * Which elements carry which content path on the preview host (docs/editors.md#click-to-edit):
 * a page of every block type, rendered as the server renders it there.
 */
import { describe, expect, test } from 'vitest';
import { Page } from '../../../app/content/schema';
import { renderView } from '../../../worker/render/render-view';
import { englishChrome } from '../../support/chrome';

const chrome = englishChrome;

const image = (alt: string) => ({ src: 'https://images.example.com/a.jpg', alt, width: 800, height: 600 });
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const page = Page.parse({
  title: 'Every block',
  blocks: [
    {
      type: 'hero',
      heading: 'Hero heading',
      text: 'Hero text',
      image: image('Hero image'),
      actions: [
        { label: 'Apply', href: '/en' },
        { label: 'How it works', modal: { title: 'How', blocks: [{ type: 'richText', doc: doc('In the modal') }] } },
      ],
    },
    { type: 'richText', doc: doc('Rich text') },
    { type: 'image', image: image('Image'), caption: 'Caption' },
    { type: 'gallery', heading: 'Gallery', images: [image('One'), image('Two')] },
    {
      type: 'cards',
      heading: 'Cards',
      items: [
        { title: 'Card one', text: 'Card text', image: image('Card') },
        { title: 'Card two', href: '/en' },
      ],
    },
    { type: 'accordion', heading: 'Questions', items: [{ question: 'Why?', answer: doc('Because') }] },
    { type: 'table', caption: 'Rates', header: ['Term', 'Rate'], rows: [['1 year', '3%']] },
    { type: 'cta', text: 'Ready?', action: { label: 'Go', href: '/en' } },
    {
      type: 'form',
      id: 'contact',
      title: 'Contact',
      fields: [{ name: 'email', label: 'E-mail', kind: 'email' }],
      submitLabel: 'Send',
      successMessage: 'Thanks',
    },
    { type: 'section', heading: 'Section', blocks: [{ type: 'cta', action: { label: 'Inner', href: '/en' } }] },
  ],
});

const document = renderView(
  { kind: 'page', payload: { path: '/en/every', page, chrome } },
  {
    buildId: '0123456789abcdef',
    assets: { entry: '/_app/entry.js', css: [] },
    preview: { buildId: '0123456789abcdef', liveUrl: 'https://www.example.com/en/every' },
  },
);

/** The rendered app, without the boot data after it. */
const html = document.slice(0, document.indexOf('<script type="application/json"'));

/** The element (tag and its text up to the next tag) that carries `path`. */
function carrier(path: string): { tag: string; text: string } | undefined {
  const found = new RegExp(`<([a-z0-9]+)[^>]* data-content-path="${path.replace(/[[\].]/g, '\\$&')}"[^>]*>([^<]*)`).exec(html);
  return found ? { tag: found[1]!, text: found[2]! } : undefined;
}

describe('content paths of every block type on the preview host', () => {
  test('each block carries its own path on its outermost element', () => {
    const roots = ['section', 'section', 'figure', 'section', 'section', 'section', 'div', 'section', 'section', 'section'];
    roots.forEach((tag, i) => expect(carrier(`blocks[${i}]`)?.tag, `blocks[${i}]`).toBe(tag));
  });

  test.each([
    ['blocks[0].heading', 'Hero heading'],
    ['blocks[0].text', 'Hero text'],
    ['blocks[0].actions[0]', 'Apply'],
    ['blocks[0].actions[1]', 'How it works'],
    ['blocks[1].doc', ''],
    ['blocks[2].caption', 'Caption'],
    ['blocks[3].heading', 'Gallery'],
    ['blocks[4].items[0].title', 'Card one'],
    ['blocks[4].items[0].text', 'Card text'],
    ['blocks[4].items[1]', ''],
    ['blocks[5].items[0].question', 'Why?'],
    ['blocks[5].items[0].answer', ''],
    ['blocks[6].caption', 'Rates'],
    ['blocks[6].header[1]', 'Rate'],
    ['blocks[6].rows[0][1]', '3%'],
    ['blocks[7].text', 'Ready?'],
    ['blocks[7].action', 'Go'],
    ['blocks[8].title', 'Contact'],
    ['blocks[8].fields[0]', ''],
    ['blocks[8].submitLabel', 'Send'],
    ['blocks[9].heading', 'Section'],
    ['blocks[9].blocks[0]', ''],
    ['blocks[9].blocks[0].action', 'Inner'],
  ])('%s is on the element that shows it', (path, text) => {
    expect(carrier(path)?.text, path).toBe(text);
  });

  test('images carry the path of their field', () => {
    for (const path of ['blocks[0].image', 'blocks[2].image', 'blocks[3].images[0]', 'blocks[4].items[0].image'])
      expect(carrier(path)?.tag, path).toBe('img');
  });

  test("a modal's blocks are not rendered until it opens, so no path of the page is claimed twice", () => {
    expect(html).not.toContain('In the modal');
    expect(html.match(/data-content-path="blocks\[1\]"/g)).toHaveLength(1);
  });
});
