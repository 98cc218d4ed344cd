import { describe, expect, test } from 'vitest';
import { formatContentPath, parseContentPath } from '../../../app/content/content-path';
import { CONTENT_PATH_MAX_CHARS } from '../../../app/constants';

describe('content paths', () => {
  test('a path is spelled as build problems name a place in a page file', () => {
    expect(formatContentPath(['blocks', 3])).toBe('blocks[3]');
    expect(formatContentPath(['blocks', 3, 'items', 1, 'title'])).toBe('blocks[3].items[1].title');
    expect(formatContentPath(['blocks', 0, 'action', 'modal', 'blocks', 1, 'heading'])).toBe('blocks[0].action.modal.blocks[1].heading');
    expect(formatContentPath(['blocks', 2, 'rows', 1, 0])).toBe('blocks[2].rows[1][0]');
    expect(formatContentPath(['title'])).toBe('title');
  });

  test.each([
    'blocks[3]',
    'blocks[3].items[1].title',
    'blocks[2].rows[10][0]',
    'title',
    'blocks[0].actions[1].modal.blocks[0].doc',
  ])('%s reads back as the keys it was written from', (path) => {
    const keys = parseContentPath(path);
    expect(keys).not.toBeNull();
    expect(formatContentPath(keys!)).toBe(path);
  });

  test('a path reads as field names and numbers', () => {
    expect(parseContentPath('blocks[3].items[1].title')).toEqual(['blocks', 3, 'items', 1, 'title']);
  });

  test.each([
    '',
    '[0]',
    '.blocks',
    'blocks.',
    'blocks[]',
    'blocks[-1]',
    'blocks[01]',
    'blocks[1234567]',
    'blocks[0',
    'blocks[0]]',
    'blocks..title',
    '__proto__',
    'blocks[0].__proto__',
    'a-b',
    'a b',
    'blocks[0] ',
    'blocks["0"]',
    'blocks[0]\n.title',
  ])('%j is not a content path', (text) => {
    expect(parseContentPath(text)).toBeNull();
  });

  test('a path longer than the limit is not read', () => {
    const long = 'blocks' + '[0].blocks'.repeat(CONTENT_PATH_MAX_CHARS / 10);
    expect(long.length).toBeGreaterThan(CONTENT_PATH_MAX_CHARS);
    expect(parseContentPath(long)).toBeNull();
  });
});
