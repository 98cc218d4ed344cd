/**
 * Click-to-edit's messages (app/preview-messages.ts): a CMS's `preview:focus` is heard from the
 * allowed origins and in its one shape only; anything else any window can post is ignored.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatContentPath, parseContentPath } from '../../app/content/content-path';
import { focusPathOf, PreviewSelectMessage } from '../../app/preview-messages';
import { checkProperty, hostileString, PROTOTYPE_NAMES } from '../support/property';

const CMS = 'https://cms.example.com';
const ORIGINS = [CMS, 'https://preview.example.com'];

/** Paths as the renderer writes them. */
const contentPath = fc
  .array(fc.oneof(fc.constantFrom('blocks', 'items', 'title', 'rows', 'modal', 'action'), fc.nat({ max: 999 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((keys) => formatContentPath([typeof keys[0] === 'number' ? 'blocks' : keys[0]!, ...keys.slice(1)]));

/** What else a window may post: any JSON-like value, hostile text, and near misses of the real shape. */
const notAFocusMessage = fc.oneof(
  fc.jsonValue(),
  hostileString(),
  fc.record({
    type: fc.constant('preview:focus'),
    path: fc.oneof(hostileString(), fc.constantFrom(...PROTOTYPE_NAMES), fc.integer(), fc.constant(null)),
  }),
  fc.record({
    type: fc.constantFrom('preview:select', 'preview:page', 'preview:ready', 'PREVIEW:FOCUS', 'preview:focus '),
    path: contentPath,
  }),
  contentPath.map((path) => ({ type: 'preview:focus', path: `${path}.__proto__` })),
  contentPath.map((path) => [{ type: 'preview:focus', path }]),
  contentPath.map((path) => ({ type: 'preview:focus', path: path + '.x'.repeat(300) })),
);

describe('preview:focus from a CMS', () => {
  test('a focus message from an allowed origin gives its path', () => {
    checkProperty(
      fc.property(contentPath, fc.constantFrom(...ORIGINS), (path, origin) => {
        expect(focusPathOf({ origin, data: { type: 'preview:focus', path } }, ORIGINS)).toBe(path);
      }),
    );
  });

  test('the same message from any other origin is ignored', () => {
    const otherOrigin = fc.oneof(
      fc.domain().map((d) => `https://${d}`),
      fc.constantFrom('null', '', 'https://cms.example.com.evil.example', 'http://cms.example.com', 'https://CMS.example.com', `${CMS}/`),
    );
    checkProperty(
      fc.property(contentPath, otherOrigin, (path, origin) => {
        fc.pre(!ORIGINS.includes(origin));
        expect(focusPathOf({ origin, data: { type: 'preview:focus', path } }, ORIGINS)).toBeNull();
      }),
    );
  });

  test('any other shape from an allowed origin is ignored', () => {
    checkProperty(
      fc.property(notAFocusMessage, (data) => {
        const path = focusPathOf({ origin: CMS, data }, ORIGINS);
        // What passes is only ever a well-formed focus message's path.
        if (path !== null) expect(parseContentPath(path)).not.toBeNull();
        if (path !== null) expect(data).toMatchObject({ type: 'preview:focus', path });
      }),
      { numRuns: 500 },
    );
  });

  test.each([
    [{ type: 'preview:focus', path: '__proto__' }, null],
    [{ type: 'preview:focus', path: 'blocks[0]"], img[src' }, null],
    [{ type: 'preview:focus' }, null],
    [{ path: 'blocks[0]' }, null],
    [null, null],
    ['preview:focus', null],
    [JSON.parse('{"type":"preview:focus","path":"blocks[0]","__proto__":{"path":"title"}}'), 'blocks[0]'],
    [{ type: 'preview:focus', path: 'blocks[0]', sentBy: 'a CMS that adds its own fields' }, 'blocks[0]'],
  ])('%j asks for %j', (data, expected) => {
    expect(focusPathOf({ origin: CMS, data }, ORIGINS)).toBe(expected);
  });
});

describe('preview:select to a CMS', () => {
  test('a select message names a content path and the page', () => {
    expect(PreviewSelectMessage.parse({ type: 'preview:select', path: 'blocks[3].items[1].title', page: '/en/loans' })).toEqual({
      type: 'preview:select',
      path: 'blocks[3].items[1].title',
      page: '/en/loans',
    });
  });

  test('an element whose path is not a content path never makes a message', () => {
    checkProperty(
      fc.property(hostileString(), (path) => {
        fc.pre(parseContentPath(path) === null);
        expect(PreviewSelectMessage.safeParse({ type: 'preview:select', path, page: '/en' }).success).toBe(false);
      }),
    );
  });
});
