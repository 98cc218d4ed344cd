import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { browserVerdictMemoUsage } from '../../worker/browser-support/verdict-from-headers';
import { warmIsolate } from '../../worker/warm-up';
import { ASSETS } from './in-process';

describe('the isolate warm-up', () => {
  test('runs every step: its sample build is still one the schemas accept and the renderer renders', () => {
    expect(warmIsolate({ app: createApp({ assets: ASSETS }), assets: ASSETS })).toBe(true);
  });

  test('keeps no browser verdict, so it takes none of the memo’s room', () => {
    const before = browserVerdictMemoUsage();
    warmIsolate({ app: createApp({ assets: ASSETS }), assets: ASSETS });
    expect(browserVerdictMemoUsage()).toEqual(before);
  });

  test('never throws, so a stale sample cannot stop the worker from starting', () => {
    const broken = { ...ASSETS, css: null } as unknown as typeof ASSETS;
    expect(warmIsolate({ app: createApp({ assets: ASSETS }), assets: broken })).toBe(false);
  });
});
