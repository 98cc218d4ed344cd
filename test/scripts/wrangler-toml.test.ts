/** The one reader of wrangler.toml: the repository's file, and broken files named by key. */
import { describe, expect, test } from 'vitest';
import { parseWranglerToml, readWranglerSettings, readWranglerToml } from '../../scripts/lib/wrangler-toml';

describe('wrangler.toml', () => {
  test('wrangler.toml settings for workerd: compatibility date and top-level vars only', () => {
    const s = readWranglerSettings('compatibility_date = "2026-04-20"\n[vars]\nA = "1"\nB = ""\n[env.x.vars]\nA = "2"\n');
    expect(s).toEqual({ compatibilityDate: '2026-04-20', compatibilityFlags: [], vars: { A: '1', B: '' } });
  });

  test("the repository's wrangler.toml reads with its date, worker, assets, bindings and environments", () => {
    const config = readWranglerToml();
    expect(config.compatibility_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(config.main).toBe('dist/worker/index.js');
    expect(config.assets?.directory).toBe('dist/public');
    expect(config.kv_namespaces?.map((ns) => ns.binding)).toEqual(['SITE_KV']);
    expect(config.ratelimits?.map((r) => r.name)).toEqual(['FORM_RATE_LIMIT', 'PREVIEW_TOKEN_RATE_LIMIT', 'NOTE_RATE_LIMIT']);
    expect(Object.keys(config.env ?? {}).sort()).toEqual(['preview', 'production']);
    expect(config.env?.preview?.vars?.PREVIEW_MODE).toBe('true');
  });

  test('a file without compatibility_date is rejected with a message naming the key', () => {
    expect(() => parseWranglerToml('name = "x"\nmain = "index.js"\n')).toThrow(
      /^wrangler\.toml: compatibility_date: missing: workerd needs it/,
    );
  });

  test('a compatibility date written as a bare TOML date is rejected as unquoted', () => {
    expect(() => parseWranglerToml('compatibility_date = 2026-04-20\n')).toThrow(
      'wrangler.toml: compatibility_date: must be a quoted date, e.g. "2026-04-20"',
    );
  });

  test('a var that is not text is rejected with its path', () => {
    expect(() => parseWranglerToml('compatibility_date = "2026-04-20"\n[vars]\nTTL = 5000\n')).toThrow(
      'wrangler.toml: vars.TTL: must be a string (the worker reads vars as text)',
    );
  });

  test("an environment's KV namespace without an id is rejected with its path", () => {
    expect(() => parseWranglerToml('compatibility_date = "2026-04-20"\n[[env.production.kv_namespaces]]\nbinding = "SITE_KV"\n')).toThrow(
      /^wrangler\.toml: env\.production\.kv_namespaces\[0\]\.id: /,
    );
  });

  test('a TOML syntax error names the line and column', () => {
    expect(() => parseWranglerToml('compatibility_date = "2026-04-20"\nmain = \n')).toThrow(
      /^wrangler\.toml: not valid TOML, line 2 column \d+: /,
    );
  });

  test('keys the schema does not name are kept, in the order of the file', () => {
    const config = parseWranglerToml('name = "x"\ncompatibility_date = "2026-04-20"\nno_bundle = true\n[observability]\nenabled = true\n');
    expect(Object.keys(config)).toEqual(['name', 'compatibility_date', 'no_bundle', 'observability']);
  });
});

interface DeployedEnv {
  workers_dev?: boolean;
  preview_urls?: boolean;
  routes?: unknown[];
  ratelimits?: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
}
/** The repository's file, with the deploy settings the reader passes through unchecked. */
const deployed = Object.entries((readWranglerToml() as unknown as { env: Record<string, DeployedEnv> }).env);

describe('where the deployed workers answer', () => {
  test('there are deployed environments to check', () => {
    expect(deployed.map(([name]) => name).sort()).toEqual(['preview', 'production']);
  });

  test.each(deployed)('%s answers on its routes only: no workers.dev host and no preview URLs', (_name, env) => {
    expect(env.workers_dev).toBe(false);
    expect(env.preview_urls).toBe(false);
    expect(env.routes?.length).toBeGreaterThan(0);
  });

  test.each(deployed)('%s limits preview token attempts per client with the rate-limiting binding', (_name, env) => {
    const limit = env.ratelimits?.find((r) => r.name === 'PREVIEW_TOKEN_RATE_LIMIT');
    expect(limit?.simple.limit).toBeGreaterThan(0);
    expect(limit?.simple.limit).toBeLessThanOrEqual(20);
    expect(limit?.simple.period).toBe(60);
  });

  test('the preview environment runs its worker, and so its gate, before the draft’s media and the editor', () => {
    const preview = readWranglerToml().env?.preview;
    expect(preview?.assets?.run_worker_first).toEqual(['/media/*', '/editor/*']);
    expect(preview?.assets?.binding).toBe('ASSETS');
  });

  test('the preview environment’s assets are a directory of their own: the live worker’s never hold the example editor', () => {
    const config = readWranglerToml();
    expect(config.env?.preview?.assets?.directory).toBe('dist/preview-public');
    expect(config.assets?.directory).not.toBe(config.env?.preview?.assets?.directory);
  });

  test('the production environment serves its own assets first: it has no gate to run', () => {
    expect(readWranglerToml().env?.production?.assets).toBeUndefined();
  });

  test('no two rate limiters of the deployed workers share a namespace, which would share their counters', () => {
    const ids = deployed.flatMap(([, env]) => env.ratelimits?.map((r) => r.namespace_id) ?? []);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(deployed)('%s limits form posts per client with the rate-limiting binding', (_name, env) => {
    const limit = env.ratelimits?.find((r) => r.name === 'FORM_RATE_LIMIT');
    expect(limit?.simple.limit).toBeGreaterThan(0);
    expect(limit?.simple.period).toBe(60);
  });
});
