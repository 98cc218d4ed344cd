/** What a review note may hold (app/notes.ts): the limits and the refusals a reviewer is told. */
import { describe, expect, test } from 'vitest';
import { NOTE_REVIEWER_MAX_CHARS, NOTE_TEXT_MAX_CHARS } from '../../app/constants';
import { NoteAction, NoteInput, noteProblem } from '../../app/notes';

const problemOf = (input: unknown) => {
  const parsed = NoteInput.safeParse(input);
  if (parsed.success) throw new Error(`accepted: ${JSON.stringify(parsed.data)}`);
  return noteProblem(parsed.error);
};

describe('a note', () => {
  test('is kept trimmed, with its line breaks as \\n and its tabs, on the page as a whole unless it names a block', () => {
    expect(NoteInput.parse({ text: '  first\r\nsecond\rthird\tcolumn \n', reviewer: ' Mari ' })).toEqual({
      block: '',
      text: 'first\nsecond\nthird\tcolumn',
      reviewer: 'Mari',
    });
  });

  test(`counts ${NOTE_TEXT_MAX_CHARS} characters as a reader does, an emoji as one`, () => {
    expect(NoteInput.parse({ text: '😀'.repeat(NOTE_TEXT_MAX_CHARS), reviewer: 'Mari' }).text).toHaveLength(2 * NOTE_TEXT_MAX_CHARS);
    expect(problemOf({ text: '😀'.repeat(NOTE_TEXT_MAX_CHARS + 1), reviewer: 'Mari' })).toBe(
      `text has more than ${NOTE_TEXT_MAX_CHARS} characters`,
    );
  });

  test(`has a reviewer name of 1 to ${NOTE_REVIEWER_MAX_CHARS} characters on one line`, () => {
    expect(NoteInput.parse({ text: 'Fine', reviewer: 'M'.repeat(NOTE_REVIEWER_MAX_CHARS) }).reviewer).toHaveLength(NOTE_REVIEWER_MAX_CHARS);
    expect(problemOf({ text: 'Fine', reviewer: 'M'.repeat(NOTE_REVIEWER_MAX_CHARS + 1) })).toBe(
      `reviewer has more than ${NOTE_REVIEWER_MAX_CHARS} characters`,
    );
    expect(problemOf({ text: 'Fine', reviewer: 'Mari\nAdmin' })).toBe('reviewer has a control character');
    expect(problemOf({ text: 'Fine', reviewer: '   ' })).toBe('reviewer is empty');
  });

  test('refuses characters that act instead of showing, or read in another order than stored', () => {
    for (const bad of ['\u0000', '\u001b[31m', '\u007f', '\u0085', '\u2028', '\u202e', '\u2066'])
      expect(problemOf({ text: `a${bad}b`, reviewer: 'Mari' })).toBe('text has a control character');
  });

  test('refuses half of a surrogate pair, which no storage keeps as typed', () => {
    expect(problemOf({ text: 'a\ud83db', reviewer: 'Mari' })).toBe('text has a broken character (a lone surrogate)');
  });

  test('names its block by a content path, and nothing else', () => {
    expect(NoteInput.parse({ block: 'blocks[3].items[1].title', text: 'Fine', reviewer: 'Mari' }).block).toBe('blocks[3].items[1].title');
    for (const block of ['blocks[3]"><script>', '__proto__.x', '[3]', 'blocks[-1]', 'a'.repeat(600)])
      expect(problemOf({ block, text: 'Fine', reviewer: 'Mari' })).toBe(
        'block must be a content path such as blocks[3], or empty for the page',
      );
  });

  test('carries nothing else: the page comes from the share link, never from the body', () => {
    expect(problemOf({ text: 'Fine', reviewer: 'Mari', page: '/en/other' })).toContain('page');
  });
});

describe('an editor’s action', () => {
  test('names a note by its id, a UUID', () => {
    expect(NoteAction.safeParse({ id: '3f1e0f7c-6a8e-4c86-9f57-1f7a9a2b8c11' }).success).toBe(true);
    expect(NoteAction.safeParse({ id: "1' OR '1'='1" }).success).toBe(false);
  });
});
