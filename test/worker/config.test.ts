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
      PREVIEW_TOKEN: 'secret',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      pointerTtlMs: 2500,
      previewHosts: ['preview.example.com', 'localhost:8788'],
      previewOrigins: ['https://cms.example.com'],
      previewMode: true,
      edgeCache: false,
      previewToken: 'secret',
    });
  });

  test('without any variable every setting has its default and nothing is reported', () => {
    expect(parseConfig({})).toEqual({
      config: { pointerTtlMs: undefined, previewHosts: [], previewOrigins: [], previewMode: false, edgeCache: true, previewToken: null },
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

  test('an EDGE_CACHE other than "on" or "off" keeps the cache on', () => {
    expect(parseConfig({ EDGE_CACHE: 'of' }).config.edgeCache).toBe(true);
  });

  test('an empty PREVIEW_TOKEN is no token', () => {
    expect(parseConfig({ PREVIEW_TOKEN: '' }).config.previewToken).toBeNull();
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
