/**
 * The D1 migrations (migrations/*.sql) for databases wrangler does not manage: the tests'
 * Miniflare and the load test's plain workerd. `npm start` and `npm run deploy` use
 * `wrangler d1 migrations apply` itself (d1-client.ts), which also records what it applied.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlDatabase } from '../../worker/forms/entries';
import { ROOT } from './bundle';

export const MIGRATIONS_DIR = join(ROOT, 'migrations');

/**
 * The statements of a migration file, in order: `--` comments dropped, split after each `;`
 * that ends a line. The migrations are plain DDL, with no `;` inside a string or a trigger body.
 */
export function sqlStatements(text: string): string[] {
  const code = text
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
  return code
    .split(/;[ \t]*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<{ name: string; statements: string[] }[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, statements: sqlStatements(await readFile(join(dir, name), 'utf8')) })));
}

/** Runs every migration on an empty database, in file order. */
export async function applyMigrations(db: SqlDatabase, dir = MIGRATIONS_DIR): Promise<void> {
  for (const { statements } of await readMigrations(dir)) {
    for (const statement of statements) await db.prepare(statement).run();
  }
}
