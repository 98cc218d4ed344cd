import { describe, expect, test } from 'vitest';
import { closestKey, strictObject, unknownKeysMessage } from '../../../app/content/unknown-keys';
import { z } from 'zod';

const PAGE_KEYS = ['title', 'description', 'layout', 'alternates', 'blocks'];

describe('the closest known key', () => {
  test('a misspelt key is taken for the known key it is one or two edits from', () => {
    expect(closestKey('descripton', PAGE_KEYS)).toBe('description');
    expect(closestKey('blcoks', PAGE_KEYS)).toBe('blocks');
    expect(closestKey('alternate', PAGE_KEYS)).toBe('alternates');
  });

  test('case is ignored', () => {
    expect(closestKey('submitlabel', ['submitLabel', 'successMessage'])).toBe('submitLabel');
    expect(closestKey('Title', PAGE_KEYS)).toBe('title');
  });

  test('a key unlike any known key suggests nothing', () => {
    expect(closestKey('seo', PAGE_KEYS)).toBeNull();
    expect(closestKey('metaDescription', PAGE_KEYS)).toBeNull();
  });

  test('a short key is taken for a known one only one edit away', () => {
    expect(closestKey('scr', ['src', 'alt'])).toBe('src');
    expect(closestKey('xy', ['id'])).toBeNull();
  });
});

describe('the message for unknown keys', () => {
  test('a close key is suggested', () => {
    expect(unknownKeysMessage(['descripton'], PAGE_KEYS)).toBe('Unknown field "descripton": did you mean "description"?');
  });

  test('without a close key the message lists the fields the object has', () => {
    expect(unknownKeysMessage(['seo'], PAGE_KEYS)).toBe('Unknown field "seo" (the fields here are title, description, layout, alternates, blocks)');
  });

  test('several keys are named each with its own suggestion', () => {
    expect(unknownKeysMessage(['titel', 'blcoks'], PAGE_KEYS)).toBe('Unknown fields "titel": did you mean "title"?; "blcoks": did you mean "blocks"?');
  });

  test('a key is shown as JSON writes it, so a key of quotes or line breaks stays on one line', () => {
    expect(unknownKeysMessage(['a"\nb'], ['title'])).toBe('Unknown field "a\\"\\nb" (the fields here are title)');
  });
});

describe('strict objects of the content model', () => {
  const Link = strictObject({ label: z.string(), href: z.string() });

  test('refuse a key they do not know, suggesting the known one', () => {
    const parsed = Link.safeParse({ label: 'Home', hreff: '/' , href: '/' });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: [], message: 'Unknown field "hreff": did you mean "href"?' })]);
  });

  test('keep the type messages of their fields', () => {
    const parsed = Link.safeParse({ label: 1, href: '/' });
    expect(parsed.error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });
});
