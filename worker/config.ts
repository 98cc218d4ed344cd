/**
 * The worker's configuration: wrangler.toml [vars] and the PREVIEW_TOKEN secret, parsed once
 * per isolate into typed values, so no request reads or splits an env string.
 *
 * A value that does not parse is logged once, and the setting falls back to its default, as
 * it did before this was a schema. Each default fails safe (a bad preview setting makes a host
 * live, never a live host a preview; a bad cache setting keeps the cache on), and a 500 on
 * every request over a typo in a tuning value would take the whole site down for it.
 */
import { z } from 'zod';

/** What the worker reads from its bindings to configure itself; the generated `Env` has it all. */
export interface ConfigSource {
  readonly BUILD_POINTER_TTL_MS?: string;
  readonly PREVIEW_HOSTS?: string;
  readonly PREVIEW_ORIGINS?: string;
  readonly PREVIEW_MODE?: string;
  readonly EDGE_CACHE?: string;
  readonly PREVIEW_TOKEN?: string;
}

export interface WorkerConfig {
  /** how long an isolate trusts the live-build pointer; undefined: the build store's default */
  readonly pointerTtlMs: number | undefined;
  /** hosts served in preview mode, lowercase; they may also frame the live site */
  readonly previewHosts: readonly string[];
  /** origins of editing tools that may post drafts to /preview (besides the page's own) */
  readonly previewOrigins: readonly string[];
  /** every host is a preview host (the `preview` environment) */
  readonly previewMode: boolean;
  /** false: neither isolate memory nor the Cache API keeps pages (the bench's bypass figure) */
  readonly edgeCache: boolean;
  /** the editors' shared token, or null when the secret is not set: the preview host admits nobody */
  readonly previewToken: string | null;
}

const PointerTtl = z.coerce.number<string>().min(0);
const PreviewMode = z.enum(['true', 'false']);
const EdgeCache = z.enum(['on', 'off']);
const Host = z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'is not a host name with an optional port');
const Origin = z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i, 'is not an origin such as https://cms.example.com');

/** The configuration, and what was wrong with the values it could not use. */
export function parseConfig(source: ConfigSource): { config: WorkerConfig; problems: string[] } {
  const problems: string[] = [];

  function scalar<T>(name: keyof ConfigSource, schema: z.ZodType<T, string>, fallback: T, fallbackText: string): T {
    const raw = source[name];
    if (raw === undefined) return fallback;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name}=${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message ?? 'invalid'}; using ${fallbackText}`);
    return fallback;
  }

  /** Comma-separated entries; one that does not parse is left out, the others still count. */
  function list(name: keyof ConfigSource, entry: z.ZodType<string, string>, normalise: (s: string) => string): readonly string[] {
    const kept: string[] = [];
    for (const item of (source[name] ?? '').split(',').map(normalise)) {
      if (item === '') continue;
      const parsed = entry.safeParse(item);
      if (parsed.success) kept.push(parsed.data);
      else problems.push(`${name}: ${JSON.stringify(item)} ${parsed.error.issues[0]?.message ?? 'is invalid'}; left out`);
    }
    return Object.freeze(kept);
  }

  const config: WorkerConfig = Object.freeze({
    pointerTtlMs: scalar('BUILD_POINTER_TTL_MS', PointerTtl, undefined, 'the default'),
    previewHosts: list('PREVIEW_HOSTS', Host, (h) => h.trim().toLowerCase()),
    previewOrigins: list('PREVIEW_ORIGINS', Origin, (o) => o.trim()),
    previewMode: scalar('PREVIEW_MODE', PreviewMode, 'false', '"false"') === 'true',
    edgeCache: scalar('EDGE_CACHE', EdgeCache, 'on', '"on"') === 'on',
    // A secret is never echoed, and any non-empty value is a token.
    previewToken: source.PREVIEW_TOKEN || null,
  });
  return { config, problems };
}

/** Configurations by env object: workerd hands every request of an isolate the same one. */
const NO_BINDINGS: ConfigSource = Object.freeze({});
const byEnv = new WeakMap<object, WorkerConfig>();
/** The last values parsed, for an env object seen for the first time with the same values. */
let last: { key: string; config: WorkerConfig } | undefined;

const keyOf = (s: ConfigSource) =>
  JSON.stringify([s.BUILD_POINTER_TTL_MS, s.PREVIEW_HOSTS, s.PREVIEW_ORIGINS, s.PREVIEW_MODE, s.EDGE_CACHE, s.PREVIEW_TOKEN]);

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
