/** What /preview shows of an editor's message, and to whom it says it is ready. */
import { describe, expect, test } from 'vitest';
import { editorOrigin } from '../../../app/render/screens/live-preview';
import { checkPreviewMessage } from '../../../app/render/screens/preview-schema';

const CMS = 'https://cms.example.com';
const ORIGINS = ['https://preview.example.com', CMS];

const message = (page: unknown) => ({ type: 'preview:page', path: '/en/draft', page });
const hero = { type: 'hero', heading: 'Draft', text: 'Written in the CMS.' };

describe('a draft sent to /preview', () => {
  test('a valid draft shows as the schema parses it', () => {
    const result = checkPreviewMessage(message({ title: '  Draft  ', blocks: [hero] }));
    expect(result?.problems).toEqual([]);
    expect(result?.shown?.page.title).toBe('Draft');
  });

  test('with only unknown block types it shows the parsed page, with a placeholder naming each unknown type in its place', () => {
    const raw = {
      title: '  Draft with new blocks  ',
      blocks: [
        { type: 'countdown', to: '2027-01-01', html: '<script>x</script>' },
        hero,
        { type: 'section', blocks: [{ type: 'carousel', slides: [] }, hero] },
        { type: 'poll', question: 'Why?' },
      ],
    };
    const result = checkPreviewMessage(message(raw));
    expect(result?.problems).toEqual([]);
    const page = result!.shown!.page as { title: string; blocks: unknown[] };
    expect(page.title).toBe('Draft with new blocks');
    expect(page.blocks).toEqual([
      { type: 'countdown' },
      { type: 'hero', heading: 'Draft', text: 'Written in the CMS.' },
      { type: 'section', blocks: [{ type: 'carousel' }, { type: 'hero', heading: 'Draft', text: 'Written in the CMS.' }] },
      { type: 'poll' },
    ]);
    // The editor's own message is left as it was.
    expect(raw.blocks[0]).toHaveProperty('html');
  });

  test('any other problem lists the problems with their field paths and shows nothing new', () => {
    const result = checkPreviewMessage(message({ blocks: [{ type: 'countdown' }, { type: 'hero' }] }));
    expect(result?.shown).toBeUndefined();
    expect(result?.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['title', 'blocks[0].type', 'blocks[1].heading']));
  });

  test('a key the schema does not know is a problem, with the key it may stand for, as in the build', () => {
    const result = checkPreviewMessage(message({ title: 'Draft', blocks: [{ type: 'countdown' }, { ...hero, haeding: 'Typo' }] }));
    expect(result?.shown).toBeUndefined();
    expect(result?.problems).toContainEqual({ path: 'blocks[1]', message: 'Unknown field "haeding": did you mean "heading"?' });
  });

  test('a message of another shape is not for the preview', () => {
    expect(checkPreviewMessage({ type: 'something-else' })).toBeNull();
    expect(checkPreviewMessage('a string')).toBeNull();
  });
});

describe('whom /preview tells it is ready', () => {
  test('the parent frame’s origin, from ancestorOrigins, when it is allowed', () => {
    expect(editorOrigin(ORIGINS, { ancestorOrigins: [CMS], referrer: '' })).toBe(CMS);
  });

  test('nobody when the parent frame’s origin is not allowed, whatever the referrer says', () => {
    expect(editorOrigin(ORIGINS, { ancestorOrigins: ['https://evil.example'], referrer: `${CMS}/editor` })).toBeNull();
  });

  test('without ancestorOrigins, the origin of the referrer, when it is allowed', () => {
    expect(editorOrigin(ORIGINS, { referrer: `${CMS}/pages/42/edit` })).toBe(CMS);
    expect(editorOrigin(ORIGINS, { ancestorOrigins: [], referrer: 'https://evil.example/' })).toBeNull();
  });

  test('nobody when neither says who it is', () => {
    expect(editorOrigin(ORIGINS, { referrer: '' })).toBeNull();
    expect(editorOrigin(ORIGINS, { referrer: 'not a url' })).toBeNull();
  });
});
