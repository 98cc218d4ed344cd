/**
 * The worker's configuration: wrangler.toml [vars] and the preview secrets (PREVIEW_TOKEN,
 * PREVIEW_SHARE_SECRET), parsed once per isolate into typed values, so no request reads or
 * splits an env string.
 *
 * A value that does not parse is logged once, and the setting falls back to its default, as
 * it did before this was a schema. Each default fails safe (a bad preview setting makes a host
 * live, never a live host a preview; a bad cache setting keeps the cache on), and a 500 on
 * every request over a typo in a tuning value would take the whole site down for it.
 */
import { z } from 'zod';
import type { SafeParser } from '../app/schema-of';

/** What the worker reads from its bindings to configure itself; the generated `Env` has it all. */
export interface ConfigSource {
  readonly BUILD_POINTER_TTL_MS?: string;
  readonly PREVIEW_HOSTS?: string;
  readonly PREVIEW_ORIGINS?: string;
  readonly PREVIEW_MODE?: string;
  readonly EDGE_CACHE?: string;
  readonly FORM_RETENTION_DAYS?: string;
  /** not in wrangler.toml: the defaults are the product's; the tests shorten them */
  readonly FORM_DELIVERY_TIMEOUT_MS?: string;
  readonly FORM_RETRY_DELAY_S?: string;
  readonly PREVIEW_TOKEN?: string;
  readonly PREVIEW_SHARE_SECRET?: string;
}

/**
 * The shortest secret the preview host accepts. A shared token is guessed online, a share
 * secret offline from one link; 32 random characters put both beyond reach, where a short word
 * chosen by hand would not be.
 */
export const MIN_SECRET_LENGTH = 32;

export interface WorkerConfig {
  /** how long an isolate trusts the live-build pointer; undefined: the build store's default */
  readonly pointerTtlMs: number | undefined;
  /** hosts served in preview mode, lowercase; they may also frame the live site */
  readonly previewHosts: readonly string[];
  /** origins of editing tools that may post drafts to /preview (besides the page's own) */
  readonly previewOrigins: readonly string[];
  /** every host is a preview host (the `preview` environment) */
  readonly previewMode: boolean;
  /** false: neither isolate memory nor the Cache API keeps pages (EDGE_CACHE=off, the bench's bypass figure) */
  readonly edgeCache: boolean;
  /**
   * true: a page in isolate memory is answered by the short path (worker/memory-hit.ts) before
   * the middleware chain; EDGE_CACHE=full-chain keeps the cache but sends every hit through the
   * chain, which the tests compare the short path with
   */
  readonly memoryShortcut: boolean;
  /** form entries older than this many days are deleted by the scheduled handler */
  readonly formRetentionDays: number;
  /** how long a webhook may take to answer one delivery before it counts as failed */
  readonly formDeliveryTimeoutMs: number;
  /** the delay before the first redelivery; each later one is 3 times longer (worker/forms/delivery.ts) */
  readonly formRetryDelayS: number;
  /** the editors' shared token, or null when it is unset or too short: the preview host admits nobody */
  readonly previewToken: string | null;
  /** why previewToken is null, for the page that says preview is not configured */
  readonly previewTokenProblem: string | null;
  /** the key of share links, or null when it is unset or too short: no share links */
  readonly previewShareSecret: string | null;
  /** why previewShareSecret is null */
  readonly previewShareSecretProblem: string | null;
}

/**
 * At most 5 minutes: KV itself takes about a minute to show a publish everywhere, so a few
 * seconds more cost nothing (app/constants.ts), but a long TTL would leave isolates serving the
 * old build long after a publish or rollback, and a huge one never show it at all.
 */
export const POINTER_TTL_MAX_MS = 300_000;
const PointerTtl = z.coerce.number<string>().min(0).max(POINTER_TTL_MAX_MS);
const PreviewMode = z.enum(['true', 'false']);
const EdgeCache = z.enum(['on', 'off', 'full-chain']);
// At least a day: a typo such as "0" must not empty the database at the next scheduled run.
const RetentionDays = z.coerce.number<string>().int().min(1).max(3650);
const DeliveryTimeout = z.coerce.number<string>().int().min(1).max(60_000);
const RetryDelay = z.coerce.number<string>().int().min(0).max(3600);
/** What README "Form entries" promises when FORM_RETENTION_DAYS is unset or does not parse. */
export const FORM_RETENTION_DAYS_DEFAULT = 180;
const Host = z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'is not a host name with an optional port');
const Origin = z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i, 'is not an origin such as https://cms.example.com');

function edgeCacheSettings(value: z.infer<typeof EdgeCache>): Pick<WorkerConfig, 'edgeCache' | 'memoryShortcut'> {
  return { edgeCache: value !== 'off', memoryShortcut: value === 'on' };
}

/** The configuration, and what was wrong with the values it could not use. */
export function parseConfig(source: ConfigSource): { config: WorkerConfig; problems: string[] } {
  const problems: string[] = [];

  function scalar<T>(name: keyof ConfigSource, schema: SafeParser<T, string>, fallback: T, fallbackText: string): T {
    const raw = source[name];
    // Blank is unset (`NAME = ""` in wrangler.toml): a number would read it as 0.
    if (raw === undefined || raw.trim() === '') return fallback;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name}=${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message ?? 'invalid'}; using ${fallbackText}`);
    return fallback;
  }

  /** Comma-separated entries; one that does not parse is left out, the others still count. */
  function list(name: keyof ConfigSource, entry: SafeParser<string, string>, normalise: (s: string) => string): readonly string[] {
    const kept: string[] = [];
    for (const item of (source[name] ?? '').split(',').map(normalise)) {
      if (item === '') continue;
      const parsed = entry.safeParse(item);
      if (parsed.success) kept.push(parsed.data);
      else problems.push(`${name}: ${JSON.stringify(item)} ${parsed.error.issues[0]?.message ?? 'is invalid'}; left out`);
    }
    return Object.freeze(kept);
  }

  /**
   * A secret, never echoed: unset, or shorter than MIN_SECRET_LENGTH, is no secret at all, and
   * the reason is kept for the page that refuses (and logged with the other problems, once).
   */
  function secret(name: 'PREVIEW_TOKEN' | 'PREVIEW_SHARE_SECRET'): [string | null, string | null] {
    const raw = source[name];
    if (!raw) return [null, `the ${name} secret is not set`];
    if (raw.length >= MIN_SECRET_LENGTH) return [raw, null];
    const problem = `the ${name} secret is shorter than ${MIN_SECRET_LENGTH} characters`;
    problems.push(`${name}: ${problem}; it is not used`);
    return [null, problem];
  }
  const [previewToken, previewTokenProblem] = secret('PREVIEW_TOKEN');
  const [previewShareSecret, previewShareSecretProblem] = secret('PREVIEW_SHARE_SECRET');

  const config: WorkerConfig = Object.freeze({
    pointerTtlMs: scalar('BUILD_POINTER_TTL_MS', PointerTtl, undefined, 'the default'),
    previewHosts: list('PREVIEW_HOSTS', Host, (h) => h.trim().toLowerCase()),
    previewOrigins: list('PREVIEW_ORIGINS', Origin, (o) => o.trim()),
    previewMode: scalar('PREVIEW_MODE', PreviewMode, 'false', '"false"') === 'true',
    ...edgeCacheSettings(scalar('EDGE_CACHE', EdgeCache, 'on', '"on"')),
    formRetentionDays: scalar('FORM_RETENTION_DAYS', RetentionDays, FORM_RETENTION_DAYS_DEFAULT, String(FORM_RETENTION_DAYS_DEFAULT)),
    formDeliveryTimeoutMs: scalar('FORM_DELIVERY_TIMEOUT_MS', DeliveryTimeout, 10_000, '10000'),
    formRetryDelayS: scalar('FORM_RETRY_DELAY_S', RetryDelay, 10, '10'),
    previewToken,
    previewTokenProblem,
    previewShareSecret,
    previewShareSecretProblem,
  });
  return { config, problems };
}

/** Configurations by env object: workerd hands every request of an isolate the same one. */
const NO_BINDINGS: ConfigSource = Object.freeze({});
const byEnv = new WeakMap<object, WorkerConfig>();
/** The last values parsed, for an env object seen for the first time with the same values. */
let last: { key: string; config: WorkerConfig } | undefined;

const keyOf = (s: ConfigSource) =>
  JSON.stringify([
    s.BUILD_POINTER_TTL_MS,
    s.PREVIEW_HOSTS,
    s.PREVIEW_ORIGINS,
    s.PREVIEW_MODE,
    s.EDGE_CACHE,
    s.FORM_RETENTION_DAYS,
    s.FORM_DELIVERY_TIMEOUT_MS,
    s.FORM_RETRY_DELAY_S,
    s.PREVIEW_TOKEN,
    s.PREVIEW_SHARE_SECRET,
  ]);

/**
 * The configuration of these bindings: parsed the first time, then a WeakMap lookup. Problems
 * are logged when the values are parsed, so once per isolate and not once per request.
 */
export function configOf(env: ConfigSource | undefined): WorkerConfig {
  const source = env ?? NO_BINDINGS;
  const known = byEnv.get(source);
  if (known) return known;
  const key = keyOf(source);
  if (last?.key !== key) {
    const { config, problems } = parseConfig(source);
    if (problems.length > 0) console.warn(JSON.stringify({ type: 'warning', message: 'configuration values ignored', problems }));
    last = { key, config };
  }
  byEnv.set(source, last.config);
  return last.config;
}
