/**
 * The D1 migrations (migrations/*.sql). Local databases are migrated here, as `wrangler d1
 * migrations apply --local` would: the same order, the same record of what was applied (its
 * d1_migrations table), so either one can apply the next migration and `npm run deploy`'s dry
 * run reads the record. `npm start` and `npm run dev` migrate their state through local-state.ts
 * (no wrangler process, which took about 3 CPU-seconds a start); the remote database is still
 * migrated by wrangler itself (d1-client.ts). The tests' Miniflare and the load test's plain
 * workerd start from an empty database and run every migration (applyMigrations).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { SqlDatabase, SqlStatement } from '../../worker/forms/entries';
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

/** Where wrangler records applied migrations unless wrangler.toml's `migrations_table` says otherwise. */
export const DEFAULT_MIGRATIONS_TABLE = 'd1_migrations';

/**
 * The migration files of `dir` in the order wrangler applies them: by the number before the
 * first `_` (0002 before 0010), then by name.
 */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  const number = (name: string) => parseInt(name.split('_')[0]!, 10);
  return (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort((a, b) => number(a) - number(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<{ name: string; statements: string[] }[]> {
  const names = await migrationNames(dir);
  return Promise.all(names.map(async (name) => ({ name, statements: sqlStatements(await readFile(join(dir, name), 'utf8')) })));
}

const Applied = z.object({ name: z.string() });

/** The migrations recorded as applied, in the order they were; none before the first. */
export async function appliedMigrationNames(db: SqlDatabase, table = DEFAULT_MIGRATIONS_TABLE): Promise<string[]> {
  try {
    const { results } = await db.prepare(`SELECT name FROM ${table} ORDER BY id`).all();
    return results.map((row) => Applied.parse(row).name);
  } catch (err) {
    if (String(err).includes(`no such table: ${table}`)) return [];
    throw err;
  }
}

/** A D1 binding: a migration and its record are one batch, which D1 runs as one transaction. */
export interface BatchDatabase extends SqlDatabase {
  batch(statements: SqlStatement[]): Promise<unknown[]>;
}

/**
 * Applies the migrations of `dir` that `table` does not record, in wrangler's order, each in one
 * transaction with its record (wrangler's table, made as wrangler makes it), so a migration that
 * fails leaves neither its changes nor its record. Returns the names applied.
 */
export async function applyPendingMigrations(db: BatchDatabase, dir = MIGRATIONS_DIR, table = DEFAULT_MIGRATIONS_TABLE): Promise<string[]> {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${table}(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`,
    )
    .run();
  const applied = new Set(await appliedMigrationNames(db, table));
  const pending = (await readMigrations(dir)).filter((m) => !applied.has(m.name));
  for (const { name, statements } of pending) {
    try {
      await db.batch([...statements.map((sql) => db.prepare(sql)), db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name)]);
    } catch (err) {
      throw new Error(`migration ${name} failed, and nothing of it was applied: ${(err as Error).message}`, { cause: err });
    }
  }
  return pending.map((m) => m.name);
}

/** Runs every migration on an empty database, in file order. */
export async function applyMigrations(db: SqlDatabase, dir = MIGRATIONS_DIR): Promise<void> {
  for (const { statements } of await readMigrations(dir)) {
    for (const statement of statements) await db.prepare(statement).run();
  }
}
