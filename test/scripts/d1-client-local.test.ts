/**
 * FORMS_DB in local state, opened beside a `.dev.vars` as on any machine that runs `npm start`:
 * what a command prints on stdout is its data and nothing else, so a CSV or JSON export piped
 * to a file stays valid; its migrations say what they do; and wrangler, which applies the
 * next migration of a deployed database, agrees on what was applied.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { applyD1Migrations, withD1 } from '../../scripts/lib/d1-client';
import { runWrangler } from '../../scripts/lib/wrangler';
import { entriesCsv, entriesJson, listEntries } from '../../scripts/lib/form-entries';
import { REPO_ROOT } from '../support/built-site';

let dir: string;
const migrationLines: string[] = [];
const target = () => ({ mode: 'local', persistTo: join(dir, 'state'), config: join(dir, 'wrangler.toml') }) as const;

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
  await applyD1Migrations(target(), (line) => migrationLines.push(line));
  await withD1(target(), async (db) => {
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
    const entries = await withD1(target(), (db) => listEntries(db));
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

test('applying the migrations says so before it starts, and what it applied after', () => {
  expect(migrationLines).toEqual([
    'FORMS_DB migrations: applying migrations/ to the local database',
    'FORMS_DB migrations: 3 applied (0001_form_entries.sql, 0002_form_entries_key_per_form.sql, 0003_review_notes.sql)',
  ]);
});

test('applying them again applies nothing and keeps the rows', async () => {
  const lines: string[] = [];
  await applyD1Migrations(target(), (line) => lines.push(line));
  expect(lines.at(-1)).toBe('FORMS_DB migrations: none to apply, the schema is up to date');
  expect(JSON.parse(await exported('json'))).toHaveLength(1);
});

test("wrangler's own `d1 migrations apply --local` finds them all applied, in the database wrangler dev opens", async () => {
  const { persistTo, config } = target();
  const output = await runWrangler(['d1', 'migrations', 'apply', 'FORMS_DB', '--local', '--persist-to', persistTo, '--config', config]);
  expect(output).toMatch(/No migrations to apply/);
}, 60_000);

test('a migration that fails applies nothing of itself and is not recorded', async () => {
  const dirWithBad = join(dir, 'migrations-bad');
  await cp(join(REPO_ROOT, 'migrations'), dirWithBad, { recursive: true });
  await writeFile(join(dirWithBad, '0004_half.sql'), 'CREATE TABLE half_done (a TEXT);\nCREATE TABLE form_entries (a TEXT);\n');
  const config = join(dir, 'wrangler-bad.toml');
  await writeFile(config, (await readFile(target().config, 'utf8')).replace(/migrations_dir = .*/, `migrations_dir = "${dirWithBad}"`));
  await expect(applyD1Migrations({ ...target(), config }, () => {})).rejects.toThrow(
    /0004_half\.sql failed, and nothing of it was applied/,
  );
  const tables = await withD1(target(), (db) => db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").all());
  expect(tables.results).toEqual([]);
  const applied = await withD1(target(), (db) => db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>());
  expect(applied.results.map((r) => r.name)).not.toContain('0004_half.sql');
});
