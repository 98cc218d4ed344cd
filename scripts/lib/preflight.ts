/**
 * `npm run deploy -- --dry-run`: what a real deploy depends on, checked before anything changes.
 * Pure over what the command gathered (scripts/deploy.ts): the environment's section of
 * wrangler.toml, the bindings the worker's code uses (worker/env.d.ts, from `wrangler types`),
 * the migrations on disk and those applied, the secrets needed and those set, and the size
 * wrangler would upload. A fact the command could not gather (no token: nothing remote) is null,
 * and the check is reported as skipped, never as passed.
 */
import { WORKER_UPLOAD_MAX_GZIP_BYTES } from '../../app/constants';
import type { WranglerToml } from './wrangler-toml';

export interface PreflightInput {
  env: string;
  config: WranglerToml;
  /** worker/env.d.ts */
  envTypes: string;
  /** migrations/*.sql file names */
  migrations: readonly string[];
  /** names D1 has recorded as applied; null: not checked */
  applied: readonly string[] | null;
  /** secret names the deploy needs (see neededSecrets) */
  secrets: readonly string[];
  /** secret names set on Cloudflare; null: not checked */
  secretsSet: readonly string[] | null;
  /** gzip bytes `wrangler deploy --dry-run` would upload */
  uploadGzipBytes: number;
}

export interface Preflight {
  problems: string[];
  checked: string[];
  /** what was not checked, each with why */
  skipped: string[];
}

const PLACEHOLDER = 'REPLACE_WITH_';

/** Where each kind of binding is declared in a wrangler environment, by its type in env.d.ts. */
const SECTIONS: Record<string, { section: string; names: (env: Env) => string[] }> = {
  KVNamespace: { section: 'kv_namespaces', names: (e) => (e.kv_namespaces ?? []).map((b) => b.binding) },
  D1Database: { section: 'd1_databases', names: (e) => (e.d1_databases ?? []).map((b) => b.binding) },
  Queue: { section: 'queues.producers', names: (e) => (e.queues?.producers ?? []).map((b) => b.binding) },
  RateLimit: { section: 'ratelimits', names: (e) => (e.ratelimits ?? []).map((b) => b.name) },
  Fetcher: { section: 'assets', names: (e) => (e.assets?.binding ? [e.assets.binding] : []) },
  string: { section: 'vars', names: (e) => Object.keys(e.vars ?? {}) },
};
type Env = NonNullable<WranglerToml['env']>[string];

/** `NAME: Type;` of the `interface Env` that `wrangler types` writes (what the code may use). */
export function bindingsUsed(envTypes: string): Map<string, string> {
  const body = /interface Env \{([^}]*)\}/.exec(envTypes)?.[1] ?? '';
  return new Map([...body.matchAll(/^\s*([A-Z_][A-Z0-9_]*)\??:\s*([A-Za-z]+)/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Every string under `value` containing the placeholder, with its path in wrangler.toml. */
function placeholders(value: unknown, path: string): { path: string; value: string }[] {
  if (typeof value === 'string') return value.includes(PLACEHOLDER) ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, `${path}.${k}`));
  return [];
}

/** How to get the real value a placeholder stands for. */
function placeholderFix(env: string, path: string, section: Env): string {
  const kv = /\.kv_namespaces\[(\d+)\]\.id$/.exec(path);
  if (kv)
    return `npx wrangler kv namespace create ${section.kv_namespaces![Number(kv[1])]!.binding} --env ${env}, then put the id it prints here`;
  const d1 = /\.d1_databases\[(\d+)\]\.database_id$/.exec(path);
  if (d1) return `npx wrangler d1 create ${section.d1_databases![Number(d1[1])]!.database_name}, then put the id it prints here`;
  return 'put the real value here';
}

/** PREVIEW_TOKEN and PREVIEW_SHARE_SECRET where a preview host is served; each webhook's signing secret. */
export function neededSecrets(section: Env, webhookSecrets: readonly string[]): string[] {
  const preview = section.vars?.PREVIEW_MODE === 'true' || (section.vars?.PREVIEW_HOSTS ?? '').trim() !== '';
  return [...new Set([...(preview ? ['PREVIEW_TOKEN', 'PREVIEW_SHARE_SECRET'] : []), ...webhookSecrets])].sort();
}

export function preflight(input: PreflightInput): Preflight {
  const { env, config } = input;
  const problems: string[] = [];
  const checked: string[] = [];
  const skipped: string[] = [];
  const section = config.env?.[env];
  if (!section) return { problems: [`wrangler.toml has no environment "${env}"`], checked, skipped };

  for (const { path, value } of placeholders(section, `env.${env}`))
    problems.push(`wrangler.toml ${path} is still a placeholder (${value}): ${placeholderFix(env, path, section)}`);
  checked.push('placeholder ids in wrangler.toml');

  // Wrangler inherits [assets] into an environment that has none; every other binding it does not.
  const effective: Env = { ...section, assets: section.assets ?? config.assets };
  for (const [name, type] of bindingsUsed(input.envTypes)) {
    const kind = SECTIONS[type];
    if (kind && !kind.names(effective).includes(name))
      problems.push(
        `wrangler.toml [env.${env}] has no ${kind.section} binding ${name}, which the worker uses (${type} in worker/env.d.ts)`,
      );
  }
  checked.push('bindings the worker uses');

  if (input.applied === null) skipped.push('D1 migrations applied on Cloudflare (needs CLOUDFLARE_API_TOKEN)');
  else {
    const applied = new Set(input.applied);
    const database = section.d1_databases?.[0]?.database_name ?? 'FORMS_DB';
    for (const name of input.migrations.filter((m) => !applied.has(m)))
      problems.push(
        `D1 migration ${name} is not applied to ${database} yet (the deploy applies it first: check it is safe for the running worker)`,
      );
    checked.push('D1 migrations applied');
  }

  if (input.secretsSet === null)
    skipped.push(`secrets set on Cloudflare (needs CLOUDFLARE_API_TOKEN): ${input.secrets.join(', ') || 'none needed'}`);
  else {
    const set = new Set(input.secretsSet);
    for (const name of input.secrets.filter((s) => !set.has(s)))
      problems.push(`secret ${name} is not set: npx wrangler secret put ${name} --env ${env}`);
    checked.push('secrets set');
  }

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  if (input.uploadGzipBytes > WORKER_UPLOAD_MAX_GZIP_BYTES)
    problems.push(
      `the worker is ${kib(input.uploadGzipBytes)} gzip, over Cloudflare's ${kib(WORKER_UPLOAD_MAX_GZIP_BYTES)} limit: wrangler deploy would be refused`,
    );
  checked.push(`upload size (${kib(input.uploadGzipBytes)} of ${kib(WORKER_UPLOAD_MAX_GZIP_BYTES)} gzip)`);
  return { problems, checked, skipped };
}
