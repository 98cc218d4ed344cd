/**
 * Any Unicode a reviewer types is stored as the text it is and shown as text, never as markup:
 * the note schema keeps every accepted text but for trimming and line breaks, refuses only for
 * the reasons it says, and the editors' note card renders it as a text node.
 */
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { NoteCard } from '../../app/client/notes-panel-view';
import { NoteInput } from '../../app/notes';
import { checkProperty, hostileString } from '../support/property';

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  hostileString(),
  fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&lt;b&gt;', ']]><!--', '"\'`'),
);

const REASONS = /^(text is empty|text has a control character|text has a broken character \(a lone surrogate\))$/;

/** The text of the card's note paragraph, unescaped, or null when it holds an element. */
function shownText(markup: string): string | null {
  const body = /<p style="white-space:pre-wrap[^"]*">([\s\S]*?)<\/p>/.exec(markup)?.[1];
  if (body === undefined || body.includes('<')) return null;
  return body
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('a note’s text', () => {
  test('is kept as typed but for the trimming, or refused for a reason it names', () => {
    checkProperty(
      fc.property(anyText, (typed) => {
        const parsed = NoteInput.safeParse({ text: typed, reviewer: 'Mari' });
        if (parsed.success) expect(parsed.data.text).toBe(typed.replace(/\r\n?/g, '\n').trim());
        else expect(parsed.error.issues[0]!.message).toMatch(REASONS);
      }),
    );
  });

  test('is shown to editors as that text, never as markup', () => {
    checkProperty(
      fc.property(anyText, (typed) => {
        const parsed = NoteInput.safeParse({ text: typed, reviewer: 'Mari' });
        fc.pre(parsed.success);
        const note = {
          id: 'n1',
          draft: null,
          page: '/en',
          block: '',
          reviewer: 'Mari',
          createdAt: 0,
          resolvedAt: null,
          text: parsed.data.text,
        };
        const markup = renderToStaticMarkup(<NoteCard note={note} lang="en" label="On the page" act={() => {}} />);
        expect(shownText(markup)).toBe(note.text);
      }),
    );
  });
});
