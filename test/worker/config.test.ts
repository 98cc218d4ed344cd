import { afterEach, describe, expect, test, vi } from 'vitest';
import { configOf, parseConfig } from '../../worker/config';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the worker’s configuration', () => {
  test('reads every setting from its variable', () => {
    const { config, problems } = parseConfig({
      BUILD_POINTER_TTL_MS: '2500',
      PREVIEW_HOSTS: ' Preview.Example.com , localhost:8788',
      PREVIEW_ORIGINS: 'https://cms.example.com',
      PREVIEW_MODE: 'true',
      EDGE_CACHE: 'off',
      PREVIEW_TOKEN: 'a-preview-token-of-32-characters',
      PREVIEW_SHARE_SECRET: 'a-share-secret-of-32-characters!',
      FORM_RETENTION_DAYS: '90',
      FORM_DELIVERY_TIMEOUT_MS: '5000',
      FORM_RETRY_DELAY_S: '20',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      pointerTtlMs: 2500,
      previewHosts: ['preview.example.com', 'localhost:8788'],
      previewOrigins: ['https://cms.example.com'],
      previewMode: true,
      edgeCache: false,
      memoryShortcut: false,
      previewToken: 'a-preview-token-of-32-characters',
      previewTokenProblem: null,
      previewShareSecret: 'a-share-secret-of-32-characters!',
      previewShareSecretProblem: null,
      formRetentionDays: 90,
      formDeliveryTimeoutMs: 5000,
      formRetryDelayS: 20,
    });
  });

  test('without any variable every setting has its default and nothing is reported', () => {
    expect(parseConfig({})).toEqual({
      config: {
        pointerTtlMs: undefined,
        previewHosts: [],
        previewOrigins: [],
        previewMode: false,
        edgeCache: true,
        memoryShortcut: true,
        previewToken: null,
        previewTokenProblem: 'the PREVIEW_TOKEN secret is not set',
        previewShareSecret: null,
        previewShareSecretProblem: 'the PREVIEW_SHARE_SECRET secret is not set',
        formRetentionDays: 180,
        formDeliveryTimeoutMs: 10_000,
        formRetryDelayS: 10,
      },
      problems: [],
    });
  });

  test('a pointer TTL that is not a number of 0 or more falls back to the default, with the reason', () => {
    for (const value of ['soon', '-1', 'Infinity']) {
      const { config, problems } = parseConfig({ BUILD_POINTER_TTL_MS: value });
      expect(config.pointerTtlMs, value).toBeUndefined();
      expect(problems, value).toEqual([expect.stringMatching(new RegExp(`^BUILD_POINTER_TTL_MS="${value}": .+; using the default$`))]);
    }
  });

  test('a blank BUILD_POINTER_TTL_MS is unset: the build store’s default, not a TTL of 0', () => {
    for (const value of ['', '  '])
      expect(parseConfig({ BUILD_POINTER_TTL_MS: value }), JSON.stringify(value)).toMatchObject({
        config: { pointerTtlMs: undefined },
        problems: [],
      });
  });

  test('a pointer TTL over 5 minutes falls back to the default, with the reason', () => {
    expect(parseConfig({ BUILD_POINTER_TTL_MS: '300000' }).config.pointerTtlMs).toBe(300_000);
    for (const value of ['300001', '1e12']) {
      const { config, problems } = parseConfig({ BUILD_POINTER_TTL_MS: value });
      expect(config.pointerTtlMs, value).toBeUndefined();
      expect(problems, value).toEqual([expect.stringMatching(new RegExp(`^BUILD_POINTER_TTL_MS="${value}": .+; using the default$`))]);
    }
  });

  test('a pointer TTL over 5 minutes is logged once per isolate', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = { BUILD_POINTER_TTL_MS: '86400000' };
    configOf(env);
    configOf({ ...env });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      problems: [expect.stringContaining('BUILD_POINTER_TTL_MS="86400000"')],
    });
  });

  test('every blank setting counts as unset: its default, with nothing reported', () => {
    const blank = {
      BUILD_POINTER_TTL_MS: '',
      PREVIEW_MODE: '',
      EDGE_CACHE: ' ',
      FORM_RETENTION_DAYS: '',
      FORM_DELIVERY_TIMEOUT_MS: '',
      FORM_RETRY_DELAY_S: '',
    };
    expect(parseConfig(blank)).toEqual(parseConfig({}));
  });

  test('a preview host that is not a host name is left out, and the others still count', () => {
    const { config, problems } = parseConfig({ PREVIEW_HOSTS: 'https://preview.example.com,preview.example.com' });
    expect(config.previewHosts).toEqual(['preview.example.com']);
    expect(problems).toEqual(['PREVIEW_HOSTS: "https://preview.example.com" is not a host name with an optional port; left out']);
  });

  test('a preview origin with a path is left out', () => {
    const { config, problems } = parseConfig({ PREVIEW_ORIGINS: 'https://cms.example.com/editor' });
    expect(config.previewOrigins).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  test('a PREVIEW_MODE other than "true" or "false" serves no host in preview mode', () => {
    const { config, problems } = parseConfig({ PREVIEW_MODE: 'yes' });
    expect(config.previewMode).toBe(false);
    expect(problems).toEqual([expect.stringContaining('PREVIEW_MODE="yes"')]);
  });

  test('an EDGE_CACHE other than "on", "off" or "full-chain" keeps the cache on', () => {
    expect(parseConfig({ EDGE_CACHE: 'of' }).config).toMatchObject({ edgeCache: true, memoryShortcut: true });
  });

  test('EDGE_CACHE=full-chain keeps the cache and sends every hit through the middleware chain', () => {
    expect(parseConfig({ EDGE_CACHE: 'full-chain' }).config).toMatchObject({ edgeCache: true, memoryShortcut: false });
  });

  test('an empty PREVIEW_TOKEN is no token', () => {
    expect(parseConfig({ PREVIEW_TOKEN: '' }).config.previewToken).toBeNull();
  });

  test('a PREVIEW_TOKEN shorter than 32 characters is no token, with the reason, and never echoed', () => {
    const { config, problems } = parseConfig({ PREVIEW_TOKEN: 'x'.repeat(31) });
    expect(config.previewToken).toBeNull();
    expect(config.previewTokenProblem).toBe('the PREVIEW_TOKEN secret is shorter than 32 characters');
    expect(problems).toEqual(['PREVIEW_TOKEN: the PREVIEW_TOKEN secret is shorter than 32 characters; it is not used']);
    expect(parseConfig({ PREVIEW_TOKEN: 'x'.repeat(32) }).config.previewToken).toBe('x'.repeat(32));
  });

  test('a PREVIEW_SHARE_SECRET shorter than 32 characters makes no share links, with the reason', () => {
    const { config, problems } = parseConfig({ PREVIEW_SHARE_SECRET: 'short' });
    expect(config.previewShareSecret).toBeNull();
    expect(config.previewShareSecretProblem).toBe('the PREVIEW_SHARE_SECRET secret is shorter than 32 characters');
    expect(problems).toHaveLength(1);
  });

  test('a short PREVIEW_TOKEN is logged once per isolate, without the token', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = { PREVIEW_MODE: 'true', PREVIEW_TOKEN: 'a-short-token-1' };
    configOf(env);
    configOf(env);
    configOf({ ...env });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('shorter than 32 characters');
    expect(String(warn.mock.calls[0]![0])).not.toContain('a-short-token-1');
  });

  test('the same bindings are parsed once, and their problems logged once, however many requests', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = { EDGE_CACHE: 'maybe', BUILD_POINTER_TTL_MS: '9' };
    const first = configOf(env);
    expect(configOf(env)).toBe(first);
    expect(configOf({ ...env })).toBe(first);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      type: 'warning',
      problems: [expect.stringContaining('EDGE_CACHE')],
    });
  });

  test('the preview token never reaches the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configOf({ PREVIEW_MODE: 'on', PREVIEW_TOKEN: 'hunter2-token' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).not.toContain('hunter2-token');
  });
});

describe('form entry settings', () => {
  test('a FORM_RETENTION_DAYS that is not a whole number of days from 1 keeps entries the default 180 days, with the reason', () => {
    for (const value of ['0', '-30', '30.5', 'forever']) {
      const { config, problems } = parseConfig({ FORM_RETENTION_DAYS: value });
      expect(config.formRetentionDays, value).toBe(180);
      expect(problems, value).toEqual([expect.stringMatching(new RegExp(`^FORM_RETENTION_DAYS="${value}": .+; using 180$`))]);
    }
  });

  test('a blank FORM_RETRY_DELAY_S is unset: the first redelivery waits the default 10 s, not none', () => {
    expect(parseConfig({ FORM_RETRY_DELAY_S: '' })).toMatchObject({ config: { formRetryDelayS: 10 }, problems: [] });
  });
});
