/** `npm run drafts -- notes`: how notes print, and what the command refuses before it opens any database. */
import { describe, expect, test } from 'vitest';
import type { Note } from '../../app/notes';
import { noteLines, notesJson, notesTarget, parseNoteId } from '../../scripts/lib/draft-notes';
import { runScriptInProcess } from '../support/script-in-process';

const ID = '3f1e0f7c-6a8e-4c86-9f57-1f7a9a2b8c11';
const note = (over: Partial<Note> = {}): Note => ({
  id: ID,
  draft: 'spring',
  page: '/en/contact',
  block: 'blocks[1]',
  text: 'The rate is wrong.',
  reviewer: 'Mari',
  createdAt: Date.UTC(2026, 10, 27, 12),
  resolvedAt: null,
  ...over,
});

describe('a draft’s notes', () => {
  test('print one head line each (page, block, reviewer, time, state, id) and the text indented below', () => {
    expect(noteLines([note(), note({ block: '', text: 'line one\nline two', resolvedAt: Date.UTC(2026, 10, 28) })], 'spring')).toBe(
      `/en/contact  blocks[1]  Mari  2026-11-27T12:00:00.000Z  open  ${ID}\n    The rate is wrong.\n` +
        `/en/contact  (page)  Mari  2026-11-27T12:00:00.000Z  resolved 2026-11-28T00:00:00.000Z  ${ID}\n    line one\n    line two\n`,
    );
  });

  test('say when there are none', () => {
    expect(noteLines([], null)).toBe('no review notes on the draft (unnamed)\n');
  });

  test('never hand a terminal a character it would act on', () => {
    expect(noteLines([note({ reviewer: 'Ma\u001b[2Jri', text: 'a\u202eb' })], 'spring')).toContain('Ma\\x1b[2Jri');
    expect(notesJson([note({ text: 'a\u202eb' })])).toContain('a\\u202eb');
  });

  test('as JSON have their times in ISO 8601 UTC', () => {
    expect(JSON.parse(notesJson([note()]))).toEqual([
      {
        id: ID,
        draft: 'spring',
        page: '/en/contact',
        block: 'blocks[1]',
        reviewer: 'Mari',
        createdAt: '2026-11-27T12:00:00.000Z',
        resolvedAt: null,
        text: 'The rate is wrong.',
      },
    ]);
  });

  test('are in the preview environment’s database unless another is named', () => {
    expect(notesTarget({ mode: 'remote' })).toEqual({ mode: 'remote', env: 'preview' });
    expect(notesTarget({ mode: 'local', env: 'staging', persistTo: '/s' })).toEqual({ mode: 'local', env: 'staging', persistTo: '/s' });
  });

  test('are named by UUIDs, and anything else is refused saying so', () => {
    expect(parseNoteId(ID)).toBe(ID);
    expect(() => parseNoteId("1' OR '1'='1")).toThrow(`"1' OR '1'='1" is not a note id`);
  });
});

describe('npm run drafts -- notes refuses, before it opens any database,', () => {
  test('a draft name that is none', async () => {
    const run = await runScriptInProcess('drafts', ['notes', 'Spring_Campaign']);
    expect([run.status, run.stderr]).toEqual([1, expect.stringContaining('"Spring_Campaign" is not a draft name')]);
  });

  test('an id that is no note id', async () => {
    const run = await runScriptInProcess('drafts', ['notes', 'spring', '--resolve', '42']);
    expect([run.status, run.stderr]).toEqual([1, expect.stringContaining('"42" is not a note id')]);
  });

  test('two things at once, and note options without notes', async () => {
    expect((await runScriptInProcess('drafts', ['notes', 'spring', '--json', '--delete', ID])).stderr).toContain(
      'notes takes one of --json, --resolve ID and --delete ID',
    );
    expect((await runScriptInProcess('drafts', ['--json'])).stderr).toContain('usage: npm run drafts -- [delete NAME | notes [NAME]');
  });

  test('--remote without CLOUDFLARE_API_TOKEN', async () => {
    const run = await runScriptInProcess('drafts', ['notes', 'spring', '--remote'], { unsetEnv: ['CLOUDFLARE_API_TOKEN'] });
    expect([run.status, run.stderr]).toEqual([1, expect.stringContaining('CLOUDFLARE_API_TOKEN is not set')]);
  });

  test('and says in --help what notes does', async () => {
    const run = await runScriptInProcess('drafts', ['--help']);
    expect(run.stdout).toContain('notes [NAME] lists the review notes');
  });
});
