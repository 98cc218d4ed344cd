/**
 * Review notes: what a reviewer on a share link may send, and what editors are shown. One
 * spelling for the worker (which checks a posted note at its boundary), the operators' command
 * (`npm run drafts -- notes NAME`) and the tests. A note is plain text: it is stored as typed
 * (trimmed) and only ever shown as text, so nothing is escaped or stripped here; what is refused
 * is what a reader cannot see or that reads in another order than it is stored.
 */
import { z } from 'zod';
import { NOTE_REVIEWER_MAX_CHARS, NOTE_TEXT_MAX_CHARS } from './constants';
import { parseContentPath } from './content/content-path';

/**
 * Characters refused in a note: C0 and C1 controls and DEL (a terminal acts on ESC, and the
 * operators' command prints notes), the Unicode line and paragraph separators, and the bidi
 * embedding, override and isolate controls ("Trojan Source"). A note's text keeps its line
 * breaks and tabs; a reviewer's name keeps neither.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A UTF-16 surrogate without its pair: no character, and D1 would store U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length in characters as a reader counts them (code points), not UTF-16 units. */
const charCount = (text: string) => [...text].length;

/** Line breaks as one `\n`, whatever the browser or the platform sent. */
const oneLineBreak = (text: string) => text.replace(/\r\n?/g, '\n');

const plainText = (label: string, max: number, control: RegExp) =>
  z
    .string()
    .transform((text) => oneLineBreak(text).trim())
    .refine((text) => text.length > 0, `${label} is empty`)
    .refine((text) => charCount(text) <= max, `${label} has more than ${max} characters`)
    .refine((text) => !LONE_SURROGATE.test(text), `${label} has a broken character (a lone surrogate)`)
    .refine((text) => !control.test(text), `${label} has a control character`);

/**
 * The block a note is about, by its content path as the preview host marks blocks
 * (`data-content-path="blocks[3]"`, app/content/content-path.ts); '' for the page as a whole.
 */
export const NoteBlockPath = z
  .string()
  .refine(
    (path) => path === '' || parseContentPath(path) !== null,
    'block must be a content path such as blocks[3], or empty for the page',
  );

/** What a reviewer posts: the page comes from the share link, never from the body. */
export const NoteInput = z.strictObject({
  block: NoteBlockPath.default(''),
  text: plainText('text', NOTE_TEXT_MAX_CHARS, CONTROL_IN_TEXT),
  reviewer: plainText('reviewer', NOTE_REVIEWER_MAX_CHARS, CONTROL_IN_NAME),
});
export type NoteInput = z.infer<typeof NoteInput>;

/** The id of a stored note (a UUID the worker made), as editors send it to resolve or delete. */
export const NoteId = z.uuid('id must be a note id (a UUID)');

/** An editor's action on one note. */
export const NoteAction = z.strictObject({ id: NoteId });

/** A note as editors are shown it: times in ms since the epoch, `resolvedAt` null while open. */
export const Note = z.object({
  id: z.string(),
  /** null: the unnamed draft */
  draft: z.string().nullable(),
  page: z.string(),
  block: z.string(),
  text: z.string(),
  reviewer: z.string(),
  createdAt: z.number(),
  resolvedAt: z.number().nullable(),
});
export type Note = z.infer<typeof Note>;

/** The first problem of a refused note, as `field: problem`. */
export function noteProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the note is not valid';
  const field = issue.path.join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}
