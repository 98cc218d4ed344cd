/**
 * What wrangler.toml promises about where the deployed workers answer. Read with a real TOML
 * parser, so a setting moved into another table is seen where wrangler sees it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './support/built-site';

interface WranglerEnv {
  workers_dev?: boolean;
  preview_urls?: boolean;
  routes?: unknown[];
  ratelimits?: { name: string; simple: { limit: number; period: number } }[];
}
const config = parse(readFileSync(join(REPO_ROOT, 'wrangler.toml'), 'utf8')) as unknown as WranglerEnv & { env: Record<string, WranglerEnv> };
const deployed = Object.entries(config.env);

describe('wrangler.toml', () => {
  test('there are deployed environments to check', () => {
    expect(deployed.map(([name]) => name).sort()).toEqual(['preview', 'production']);
  });

  test.each(deployed)('%s answers on its routes only: no workers.dev host and no preview URLs', (_name, env) => {
    expect(env.workers_dev).toBe(false);
    expect(env.preview_urls).toBe(false);
    expect(env.routes?.length).toBeGreaterThan(0);
  });

  test.each(deployed)('%s limits form posts per client with the rate-limiting binding', (_name, env) => {
    const limit = env.ratelimits?.find((r) => r.name === 'FORM_RATE_LIMIT');
    expect(limit?.simple.limit).toBeGreaterThan(0);
    expect(limit?.simple.period).toBe(60);
  });
});
