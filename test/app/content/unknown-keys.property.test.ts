/**
 * Every object of a page refuses a key it does not know, at any depth: the page below fills in
 * every optional field of every object, so any other key is one the content model lacks.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatIssuePath, problemsFromZod } from '../../../app/content/issues';
import { Page } from '../../../app/content/schema';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../../support/property';

const text = (t: string) => ({ type: 'text', text: t, marks: [{ type: 'bold' }, { type: 'link', attrs: { href: '/en/loans' } }] });
const doc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Fees')] },
    { type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('One')] }] }] },
    { type: 'blockquote', content: [{ type: 'hardBreak' }, { type: 'horizontalRule' }] },
  ],
};
const image = { src: '/media/house.png', alt: 'A house', width: 800, height: 600 };
const field = { name: 'topic', label: 'Topic', kind: 'select', rules: 'required', options: [{ value: 'a', label: 'A' }] };

/** A valid page with every block type, each object with all its optional fields. */
const PAGE = {
  title: 'Every field',
  description: 'A page whose objects hold every field they may',
  layout: 'default',
  alternates: { fi: '/fi/kaikki' },
  blocks: [
    {
      type: 'hero',
      id: 'top',
      heading: 'Welcome',
      text: 'Intro',
      image,
      actions: [
        { label: 'Loans', href: '/en/loans' },
        { label: 'How', modal: { title: 'How it works', blocks: [{ type: 'image', id: 'in-modal', image, caption: 'Inside' }] } },
      ],
    },
    { type: 'richText', id: 'body', doc },
    { type: 'gallery', id: 'photos', heading: 'Photos', images: [image] },
    { type: 'cards', id: 'offers', heading: 'Offers', items: [{ title: 'Card', text: 'Text', image, href: '/en/card' }] },
    { type: 'accordion', id: 'faq', heading: 'Questions', items: [{ question: 'Why?', answer: doc }] },
    { type: 'table', id: 'rates', caption: 'Rates', header: ['Term', 'Rate'], rows: [['12', '5%']] },
    { type: 'cta', id: 'go', text: 'Ready?', action: { label: 'Apply', href: '/en/apply' } },
    { type: 'form', id: 'ask', title: 'Ask', fields: [field], submitLabel: 'Send', successMessage: 'Thanks', webhook: 'crm' },
    { type: 'section', id: 'more', heading: 'More', blocks: [{ type: 'richText', id: 'inner', doc }] },
  ],
};

/** Keys an object may hold in place of one it has: an action's other kind, a form's endpoint. */
const ALTERNATIVE_KEYS = new Set(['href', 'modal', 'endpoint']);

type Path = (string | number)[];

/** The path of every object in the page that is a record of the schema (`alternates` maps any key). */
function objectPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (value === null || typeof value !== 'object') return [];
  const own = path.at(-1) === 'alternates' ? [] : [path];
  return [...own, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...path, key]))];
}

function objectAt(root: unknown, path: Path): Record<string, unknown> {
  return path.reduce<any>((here, key) => here[key], root) as Record<string, unknown>;
}

const PATHS = objectPaths(PAGE);

describe('unknown keys in a page', () => {
  test('the page with every field builds', () => {
    expect(Page.safeParse(PAGE).success).toBe(true);
    expect(PATHS.length).toBeGreaterThan(40);
  });

  test('any key an object does not know, at any depth, is refused with the path of its object and the key', () => {
    checkProperty(
      fc.property(
        fc.constantFrom(...PATHS),
        fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), hostileString(4), fc.constantFrom(...PROTOTYPE_NAMES)),
        fc.jsonValue(),
        (path, key, value) => {
          // A copy through JSON: the page shares objects (the image, the doc), and only one place is to change.
          const page = JSON.parse(JSON.stringify(PAGE)) as typeof PAGE;
          const target = objectAt(page, path);
          fc.pre(!Object.hasOwn(target, key) && !ALTERNATIVE_KEYS.has(key));
          // defineProperty: `__proto__` and friends become own keys, as JSON.parse makes them.
          Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
          const parsed = Page.safeParse(page);
          expect(parsed.success).toBe(false);
          const problems = problemsFromZod('content/pages/en/all.json', parsed.error!);
          expect(problems).toEqual([{ file: 'content/pages/en/all.json', path: formatIssuePath(path), message: expect.stringContaining(JSON.stringify(key)) }]);
          expect(problems[0]!.message).toMatch(/^Unknown field /);
        },
      ),
    );
  });
});
