/**
 * The contract's numbers, written out literally (docs/behaviour.md#12-constants). The rest of
 * the suite compares with the constants, so only this file notices when one drifts.
 */
import { describe, expect, test } from 'vitest';
import { MIN_SUPPORTED_MAJOR } from '../../app/browser-support/support-table';
import * as constants from '../../app/constants';
import { GTM_ID_RE } from '../../app/validation/rule-string';

describe('the numbers the contract fixes', () => {
  test('the build check runs every hour: 3 600 000 ms', () => {
    expect(constants.BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
  });

  test('the chunk-reload guard holds for 10 000 ms', () => {
    expect(constants.CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });

  test('the manifest is prefetched 1 000 ms after idle', () => {
    expect(constants.MANIFEST_PREFETCH_DELAY_MS).toBe(1_000);
  });

  test('the head updates about 100 ms after a route change', () => {
    expect(constants.HEAD_UPDATE_DELAY_MS).toBe(100);
  });

  test('GET is retried once, on 408, 409, 425, 429, 500, 502, 503 and 504', () => {
    expect(constants.FETCH_RETRY_COUNT).toBe(1);
    expect([...constants.FETCH_RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  test('lazy images: 1.2 viewports ahead, 3 attempts, 200 cached, checks at most every 200 ms', () => {
    expect(constants.LAZY_IMAGE_PRELOAD_VIEWPORT_RATIO).toBe(1.2);
    expect(constants.LAZY_IMAGE_MAX_ATTEMPTS).toBe(3);
    expect(constants.LAZY_IMAGE_CACHE_SIZE).toBe(200);
    expect(constants.LAZY_IMAGE_CHECK_THROTTLE_MS).toBe(200);
  });

  test('gestures: tap within 10, swipe beyond 30, hold 400 ms, long tap 400 ms', () => {
    expect(constants.GESTURE_TAP_TOLERANCE_PX).toBe(10);
    expect(constants.GESTURE_SWIPE_TOLERANCE_PX).toBe(30);
    expect(constants.GESTURE_HOLD_MS).toBe(400);
    expect(constants.GESTURE_LONG_TAP_MS).toBe(400);
  });

  test('unsupported: every IE, Firefox below 78, Edge below 90, Chrome below 64, Safari below 12, Opera below 90', () => {
    expect(MIN_SUPPORTED_MAJOR).toEqual({ ie: Infinity, firefox: 78, edge: 90, chrome: 64, safari: 12, opera: 90 });
  });

  test('a tag-manager id is GTM- and uppercase letters or digits', () => {
    for (const id of ['GTM-AB12CD3', 'GTM-X', 'GTM-123']) expect(GTM_ID_RE.test(id), id).toBe(true);
    for (const id of ['GTM-', 'gtm-AB12', 'GTM-ab12', 'GTM-AB 12', 'GTM-AB-12', 'XGTM-AB12', 'GTM-AB12\n'])
      expect(GTM_ID_RE.test(id), id).toBe(false);
  });
});
