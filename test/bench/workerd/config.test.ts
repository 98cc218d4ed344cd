/** The capnp config plain workerd runs for a bench or load run. */
import { describe, expect, test } from 'vitest';
import { workerdConfig, type ConfigInput } from '../../../bench/lib/workerd/config';

const input: ConfigInput = {
  dir: '/tmp/run',
  scriptPath: '/tmp/build/worker/index.js',
  publicDir: '/tmp/build/public',
  wrangler: { compatibilityDate: '2026-04-20', compatibilityFlags: [], vars: {} },
  vars: { EDGE_CACHE: 'on', BUILD_POINTER_TTL_MS: '5000' },
  assets: { paths: ['/favicon.svg'], headerRules: [] },
  ports: { site: 1001, nocache: 1002, constant: 1003, edge: 1004, kvAdmin: 1005, d1Admin: 1008 },
  v8Flags: ['--max-semi-space-size=32'],
};
/** The bench's input: the same, with the four reference workers and their ports. */
const withReferences: ConfigInput = {
  ...input,
  ports: { ...input.ports, savedHtml: 1006, minimalRender: 1007, kvRender: 1009, hitCalls: 1010 },
  references: {
    minimalRenderScript: '/tmp/run/minimal-render.js',
    kvRenderScript: '/tmp/run/kv-render.js',
    renderCase: {},
    userAgent: 'UA',
  },
};
const sockets = (config: string) => [...config.matchAll(/address = "([^"]+)"/g)].map((m) => m[1]);

describe('workerd config', () => {
  test('every socket listens on 127.0.0.1 only', () => {
    expect(sockets(workerdConfig(input))).toEqual([
      '127.0.0.1:1001',
      '127.0.0.1:1002',
      '127.0.0.1:1003',
      '127.0.0.1:1004',
      '127.0.0.1:1005',
      '127.0.0.1:1008',
    ]);
  });

  test('the cache-bypassed instance runs with EDGE_CACHE off and a cache that stores nothing', () => {
    const nocache = /\(name = "site-nocache", worker = \(([\s\S]*?)\n {4}\)\)/.exec(workerdConfig(input))![1]!;
    expect(nocache).toContain('(name = "EDGE_CACHE", text = "off")');
    expect(nocache).toContain('cacheApiOutbound = "no-cache"');
  });

  test("the worker bundle is embedded by its path relative to the config's directory", () => {
    expect(workerdConfig(input)).toContain('(name = "index.js", esModule = embed "../build/worker/index.js")');
  });

  test('the reference workers get their sockets only when asked for', () => {
    const config = workerdConfig(withReferences);
    expect(sockets(config).slice(6)).toEqual(['127.0.0.1:1006', '127.0.0.1:1007', '127.0.0.1:1009', '127.0.0.1:1010']);
  });

  test('the KV-reading reference reads the same KV namespace as the site', () => {
    const config = workerdConfig(withReferences);
    const service = config.split('\n').find((line) => line.includes('(name = "kv-render"'))!;
    expect(service).toContain('(name = "SITE_KV", kvNamespace = "kv")');
  });

  test('the hit-calls reference saves its page from the caching instance, as a memory hit sends it', () => {
    const config = workerdConfig(withReferences);
    const service = config.split('\n').find((line) => line.includes('(name = "hit-calls"'))!;
    expect(service).toContain('(name = "SITE", service = "site")');
  });

  test('both site instances store form entries in the D1 helper and queue them to the counting queue', () => {
    const config = workerdConfig(input);
    const binding =
      '(name = "FORMS_DB", wrapped = (moduleName = "cloudflare-internal:d1-api", innerBindings = [(name = "fetcher", service = "d1")])),';
    expect(config.split(binding)).toHaveLength(3);
    expect(config.split('(name = "FORMS_QUEUE", queue = "forms-queue"),')).toHaveLength(3);
  });
});
