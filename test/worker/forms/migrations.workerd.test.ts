/**
 * The form entries schema as it is migrated in D1 (Miniflare's real database): a database made
 * by the first migration, holding entries, keeps them whole through the later ones.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readMigrations } from '../../../scripts/lib/migrations';

type D1 = Awaited<ReturnType<Miniflare['getD1Database']>>;

let mf: Miniflare;
let db: D1;

const run = async (statements: string[]) => {
  for (const statement of statements) await db.prepare(statement).run();
};

const legacyEntry = (id: string, key: string, form: string) =>
  db
    .prepare(
      `INSERT INTO form_entries (id, idempotency_key, form, page, locale, build, preview, received_at, fields, webhook, webhook_url, webhook_secret, status, attempts, last_error, queued_at, delivered_at)
       VALUES (?, ?, ?, '/en/contact', 'en', 'b1', 0, 1700000000000, '{"name":"Mari"}', 'crm', 'https://crm.example.com/hook', 'WEBHOOK_SECRET_CRM', 'dead', 11, 'HTTP 500', NULL, NULL)`,
    )
    .bind(id, key, form)
    .run();

beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: 'export default { fetch: () => new Response() }', d1Databases: { DB: 'migrations-test' } });
  db = await mf.getD1Database('DB');
  const [first, ...later] = await readMigrations();
  await run(first!.statements);
  await legacyEntry('e1', 'key-1', 'contact');
  await legacyEntry('e2', 'key-2', 'contact');
  for (const migration of later) await run(migration.statements);
});
afterAll(async () => {
  await mf?.dispose();
});

describe('the form entries migrations', () => {
  test('keep every entry stored before them whole, with no submission hash', async () => {
    const { results } = await db.prepare('SELECT * FROM form_entries ORDER BY id').all();
    expect(results).toEqual(
      ['e1', 'e2'].map((id, i) => ({
        id,
        idempotency_key: `key-${i + 1}`,
        submission_sha256: null,
        form: 'contact',
        page: '/en/contact',
        locale: 'en',
        build: 'b1',
        preview: 0,
        received_at: 1_700_000_000_000,
        fields: '{"name":"Mari"}',
        webhook: 'crm',
        webhook_url: 'https://crm.example.com/hook',
        webhook_secret: 'WEBHOOK_SECRET_CRM',
        status: 'dead',
        attempts: 11,
        last_error: 'HTTP 500',
        queued_at: null,
        delivered_at: null,
      })),
    );
  });

  test('make a key unique per form: another form may have it, the same form may not', async () => {
    await legacyEntry('e3', 'key-1', 'callback');
    await expect(legacyEntry('e4', 'key-1', 'contact')).rejects.toThrow(/UNIQUE constraint failed/);
  });

  test('keep the indexes the worker and the commands query by', async () => {
    const { results } = await db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'form_entries' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual([
      'form_entries_form_received_at',
      'form_entries_received_at',
      'form_entries_status_queued_at',
    ]);
  });
});
