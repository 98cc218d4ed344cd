/**
 * The one reader of wrangler.toml outside wrangler itself: the tests' Miniflare, the bench's
 * plain workerd and the config copy for a build outside dist/ all need the same compatibility
 * date, vars and bindings that wrangler deploys with. A real TOML parser reads it, so a table
 * header, an inline table or a comment in an unexpected place cannot quietly change what they
 * see; zod checks the parts this repository relies on, so a broken file fails with its key
 * named instead of as a wrong setting much later.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, TomlError } from 'smol-toml';
import { z } from 'zod';

export const WRANGLER_TOML = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));

// The worker reads every var as text (`wrangler types --strict-vars=false`), so a number or a
// table here would reach it as something it does not expect.
const vars = z.record(z.string(), z.string({ error: 'must be a string (the worker reads vars as text)' }));

const kvNamespace = z.looseObject({
  binding: z.string().min(1),
  id: z.string().min(1),
  // wrangler dev's local store for the binding is named by this id when it is set
  preview_id: z.string().min(1).optional(),
});

const rateLimit = z.looseObject({
  name: z.string().min(1),
  namespace_id: z.string().min(1),
  simple: z.object({ limit: z.number().int().positive(), period: z.number().int().positive() }),
});

const d1Database = z.looseObject({
  binding: z.string().min(1),
  database_name: z.string().min(1),
  database_id: z.string().min(1),
  // wrangler dev's local database for the binding is named by this id when it is set
  preview_database_id: z.string().min(1).optional(),
  migrations_dir: z.string().min(1).optional(),
  // where wrangler records the migrations it applied (its default: d1_migrations)
  migrations_table: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain SQL table name')
    .optional(),
});

const queues = z.looseObject({
  producers: z.array(z.looseObject({ binding: z.string().min(1), queue: z.string().min(1) })).optional(),
  consumers: z
    .array(
      z.looseObject({
        queue: z.string().min(1),
        max_batch_size: z.number().int().positive().optional(),
        max_batch_timeout: z.number().int().nonnegative().optional(),
        max_retries: z.number().int().nonnegative().optional(),
        dead_letter_queue: z.string().min(1).optional(),
      }),
    )
    .optional(),
});

// Wrangler does not inherit bindings or vars into an environment, so each one is checked as it stands.
const bindings = {
  vars: vars.optional(),
  kv_namespaces: z.array(kvNamespace).optional(),
  ratelimits: z.array(rateLimit).optional(),
  d1_databases: z.array(d1Database).optional(),
  queues: queues.optional(),
};

// `run_worker_first`: path patterns the worker answers before static assets (it may then serve
// them from ASSETS itself), as the preview environment does so its gate stands before the media.
const assets = z.looseObject({
  directory: z.string().min(1),
  binding: z.string().min(1).optional(),
  run_worker_first: z.union([z.boolean(), z.array(z.string().regex(/^!?\//, 'must be a path pattern starting with / or !/'))]).optional(),
});

const environment = z.looseObject({ name: z.string().min(1).optional(), assets: assets.optional(), ...bindings });

const wranglerToml = z.looseObject({
  compatibility_date: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'missing: workerd needs it to run the worker (e.g. compatibility_date = "2026-04-20")'
          : 'must be a quoted date, e.g. "2026-04-20"',
    })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like "2026-04-20"'),
  compatibility_flags: z.array(z.string()).optional(),
  main: z.string().min(1).optional(),
  assets: assets.optional(),
  ...bindings,
  env: z.record(z.string(), environment).optional(),
});

export type WranglerToml = z.infer<typeof wranglerToml>;

const issuePath = (path: PropertyKey[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');

/**
 * Parses and checks a wrangler.toml. The result is the parsed document itself (key order and
 * keys this schema does not name included), so it can be written back out whole.
 */
export function parseWranglerToml(text: string, source = 'wrangler.toml'): WranglerToml {
  let document: unknown;
  try {
    document = parse(text);
  } catch (err) {
    if (err instanceof TomlError)
      throw new Error(`${source}: not valid TOML, line ${err.line} column ${err.column}: ${err.message.split('\n')[0]}`, { cause: err });
    throw err;
  }
  const result = wranglerToml.safeParse(document);
  if (!result.success)
    throw new Error(
      result.error.issues.map((issue) => `${source}: ${issuePath(issue.path) || '(top level)'}: ${issue.message}`).join('\n'),
    );
  return document as WranglerToml;
}

export function readWranglerToml(path = WRANGLER_TOML): WranglerToml {
  return parseWranglerToml(readFileSync(path, 'utf8'), path === WRANGLER_TOML ? 'wrangler.toml' : path);
}

export interface WranglerSettings {
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** top-level [vars], as text bindings */
  vars: Record<string, string>;
}

/** What decides how workerd runs the worker: the top level only, as `--env=""` deploys it. */
export function readWranglerSettings(text: string): WranglerSettings {
  const config = parseWranglerToml(text);
  return { compatibilityDate: config.compatibility_date, compatibilityFlags: config.compatibility_flags ?? [], vars: { ...config.vars } };
}
