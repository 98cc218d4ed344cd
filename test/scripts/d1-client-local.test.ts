/**
 * FORMS_DB in local state, opened beside a `.dev.vars` as on any machine that runs `npm start`:
 * what a command prints on stdout is its data and nothing else, so a CSV or JSON export piped
 * to a file stays valid; and its migrations, which take seconds, say what they do. One
 * wrangler run (the migrations) and one workerd for the file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { applyD1Migrations, withD1 } from '../../scripts/lib/d1-client';
import { entriesCsv, entriesJson, listEntries } from '../../scripts/lib/form-entries';
import { REPO_ROOT } from '../support/built-site';

let dir: string;
const migrationLines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'd1-local-'));
  await writeFile(
    join(dir, 'wrangler.toml'),
    [
      'name = "d1-local-test"',
      'compatibility_date = "2026-04-20"',
      '[[d1_databases]]',
      'binding = "FORMS_DB"',
      'database_name = "forms"',
      'database_id = "00000000-0000-0000-0000-000000000000"',
      `migrations_dir = "${join(REPO_ROOT, 'migrations')}"`,
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, '.dev.vars'), `PREVIEW_TOKEN=${'t'.repeat(32)}\n`);
  const target = { mode: 'local', persistTo: join(dir, 'state'), config: join(dir, 'wrangler.toml') } as const;
  await applyD1Migrations(target, (line) => migrationLines.push(line));
  await withD1(target, async (db) => {
    await db
      .prepare(
        `INSERT INTO form_entries (id, idempotency_key, form, page, locale, build, received_at, fields, status)
         VALUES ('e1', 'k1', 'contact', '/en/contact', 'en', 'b1', 1764000000000, '{"name":"Ada"}', 'stored')`,
      )
      .run();
  });
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** What reaches stdout, through either door wrangler's logger could use, while `run` runs. */
async function stdoutOf(run: () => Promise<void>): Promise<string> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void (out += `${args.join(' ')}\n`));
  const info = vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void (out += `${args.join(' ')}\n`));
  try {
    await run();
  } finally {
    write.mockRestore();
    log.mockRestore();
    info.mockRestore();
  }
  return out;
}

const exported = (format: 'csv' | 'json') =>
  stdoutOf(async () => {
    const entries = await withD1({ mode: 'local', persistTo: join(dir, 'state'), config: join(dir, 'wrangler.toml') }, (db) =>
      listEntries(db),
    );
    process.stdout.write(format === 'csv' ? entriesCsv(entries) : entriesJson(entries));
  });

test('a CSV export beside a .dev.vars is only the CSV, header first', async () => {
  const csv = await exported('csv');
  expect(csv.split('\n')[0]).toMatch(/^id,/);
  expect(csv).not.toContain('.dev.vars');
  expect(csv).toContain('Ada');
});

test('a JSON export beside a .dev.vars parses as JSON', async () => {
  const json = await exported('json');
  expect(JSON.parse(json)).toEqual([expect.objectContaining({ id: 'e1', form: 'contact' })]);
});

test('applying the migrations says so before wrangler starts, and what it applied after', () => {
  expect(migrationLines).toEqual([
    'FORMS_DB migrations: applying migrations/ to the local database',
    'FORMS_DB migrations: 3 applied (0001_form_entries.sql, 0002_form_entries_key_per_form.sql, 0003_review_notes.sql)',
  ]);
});
