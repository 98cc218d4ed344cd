/**
 * FORMS_DB from Node scripts: locally through Miniflare (local-state.ts: the same workerd store
 * `wrangler dev` uses, `{persist-to}/v3/d1`), remotely through `wrangler d1 execute --remote`.
 * Both are a SqlDatabase (worker/forms/entries.ts), so the commands' queries are the same either
 * way. Schema changes: applyD1Migrations.
 */
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { SqlDatabase, SqlStatement, SqlValue } from '../../worker/forms/entries';
import type { KvTarget } from './kv-cli';
import { bindingsOf, openLocalBinding, type EnvironmentBindings } from './local-state';
import { applyPendingMigrations, DEFAULT_MIGRATIONS_TABLE, type BatchDatabase } from './migrations';
import { runWrangler } from './wrangler';
import { readWranglerToml, WRANGLER_TOML } from './wrangler-toml';

export const D1_BINDING = 'FORMS_DB';

/**
 * A value written into SQL text, for `wrangler d1 execute`, which takes no parameters. Strings
 * are quoted with every `'` doubled, which is all SQLite's string syntax has to escape; NUL and
 * numbers that are not finite have no literal and are refused.
 */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`no SQL literal for ${value}`);
    return String(value);
  }
  if (value.includes('\0')) throw new Error('no SQL literal for a string with NUL');
  return `'${value.replace(/'/g, "''")}'`;
}

/** The statement with each `?` outside a quoted string replaced by its value's literal. */
export function inlineParams(sql: string, params: readonly SqlValue[]): string {
  let out = '';
  let next = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      if (next >= params.length) throw new Error('more ? than values');
      out += sqlLiteral(params[next++]!);
    } else out += ch;
  }
  if (next !== params.length) throw new Error('more values than ?');
  return out;
}

const ExecuteAnswer = z.array(
  z.object({
    results: z.array(z.record(z.string(), z.unknown())).default([]),
    meta: z.looseObject({ changes: z.number().default(0) }).optional(),
  }),
);

/** FORMS_DB of an environment on Cloudflare, one `wrangler d1 execute` per statement. */
export function remoteD1(env: string | undefined): SqlDatabase {
  const run = async (sql: string) => {
    const args = ['d1', 'execute', D1_BINDING, '--remote', '--json', '--command', sql];
    if (env) args.push('--env', env);
    const out = await runWrangler(args);
    const answer = ExecuteAnswer.parse(JSON.parse(out.slice(out.indexOf('['))));
    return { results: answer.flatMap((a) => a.results), changes: answer.reduce((n, a) => n + (a.meta?.changes ?? 0), 0) };
  };
  const statement = (sql: string, params: readonly SqlValue[]): SqlStatement => ({
    bind: (...values) => statement(sql, values),
    all: async <T>() => ({ results: (await run(inlineParams(sql, params))).results as T[] }),
    run: async () => ({ meta: { changes: (await run(inlineParams(sql, params))).changes } }),
  });
  return { prepare: (sql) => statement(sql, []) };
}

/** FORMS_DB in local state, as `wrangler dev` (npm start) reads and writes it; `config` is another wrangler.toml. */
export function localD1({ env, persistTo, config }: { env?: string; persistTo?: string; config?: string } = {}): SqlDatabase & {
  close(): Promise<void>;
} {
  let proxy: Promise<{ db: SqlDatabase; dispose: () => Promise<void> }> | null = null;
  const open = () => (proxy ??= openD1({ env, persistTo, config }));
  const statement = (sql: string, params: SqlValue[]): SqlStatement => ({
    bind: (...values) => statement(sql, values),
    all: async <T>() => {
      const { db } = await open();
      return db
        .prepare(sql)
        .bind(...params)
        .all<T>();
    },
    run: async () => {
      const { db } = await open();
      return db
        .prepare(sql)
        .bind(...params)
        .run();
    },
  });
  return {
    prepare: (sql) => statement(sql, []),
    async close() {
      if (proxy) await (await proxy).dispose();
      proxy = null;
    },
  };
}

/** Runs a command against FORMS_DB and always lets go of it (the local one runs a workerd). */
export async function withD1<T>(target: KvTarget & { config?: string }, run: (db: SqlDatabase) => Promise<T>): Promise<T> {
  if (target.mode === 'remote') return run(remoteD1(target.env));
  const db = localD1(target);
  try {
    return await run(db);
  } catch (err) {
    if (/no such table: form_entries/.test(String(err)))
      throw new Error('there is no form_entries table in the local state: `npm start` creates it (it applies migrations/)', {
        cause: err,
      });
    throw err;
  } finally {
    await db.close();
  }
}

/** What `wrangler d1 migrations apply` did, in one line, from its table (names ticked ✅) or its "No migrations". */
export function migrationsSummary(output: string): string {
  if (/No migrations to apply/.test(output)) return `${D1_BINDING} migrations: none to apply, the schema is up to date`;
  // wrangler prints the table again after each migration, ticking one more each time.
  const applied = [...new Set([...output.matchAll(/│\s*(\S+\.sql)\s*│\s*✅/g)].map((m) => m[1]!))];
  return `${D1_BINDING} migrations: ${applied.length} applied${applied.length ? ` (${applied.join(', ')})` : ''}`;
}

const toStderr = (line: string) => void process.stderr.write(`${line}\n`);

/** The local FORMS_DB of the environment, in a workerd of its own; `dispose` stops it. */
const openD1 = (options: { env?: string; persistTo?: string; config?: string }) =>
  openLocalBinding<BatchDatabase>(D1_BINDING, options).then(({ binding, dispose }) => ({ db: binding, dispose }));

/**
 * Where an environment's FORMS_DB keeps its migrations and their record, as wrangler reads them:
 * `migrations_dir` against the config file's folder, `migrations_table` or wrangler's default.
 * `bindings` undefined (an environment the file lacks): the defaults.
 */
export function d1MigrationsOf(bindings: EnvironmentBindings | undefined, configPath: string): { dir: string; table: string } {
  const database = bindings?.d1_databases?.find((db) => db.binding === D1_BINDING);
  return {
    dir: resolve(dirname(configPath), database?.migrations_dir ?? 'migrations'),
    table: database?.migrations_table ?? DEFAULT_MIGRATIONS_TABLE,
  };
}

/**
 * Brings FORMS_DB's schema up to migrations/, recording what it applied, so running it again does
 * nothing. Before the code that needs the schema. Remotely that is `wrangler d1 migrations
 * apply --remote`; locally the same work through Miniflare (migrations.ts), which keeps
 * wrangler's record and order. `progress` (stderr by default) is told before and after.
 */
export async function applyD1Migrations(
  target: KvTarget & { config?: string },
  progress: (line: string) => void = toStderr,
): Promise<string> {
  progress(`${D1_BINDING} migrations: applying migrations/ to the ${target.mode} database${target.env ? ` (${target.env})` : ''}`);
  if (target.mode === 'local') {
    const configPath = target.config ?? WRANGLER_TOML;
    const { dir, table } = d1MigrationsOf(
      bindingsOf(readWranglerToml(configPath), target.env, target.config ?? 'wrangler.toml'),
      configPath,
    );
    const { db, dispose } = await openD1(target);
    const applied = await applyPendingMigrations(db, dir, table).finally(dispose);
    const summary = applied.length
      ? `${D1_BINDING} migrations: ${applied.length} applied (${applied.join(', ')})`
      : `${D1_BINDING} migrations: none to apply, the schema is up to date`;
    progress(summary);
    return `${summary}\n`;
  }
  const args = ['d1', 'migrations', 'apply', D1_BINDING, '--remote'];
  if (target.env) args.push('--env', target.env);
  if (target.config) args.push('--config', target.config);
  const output = await runWrangler(args);
  progress(migrationsSummary(output));
  return output;
}
