/** The bench warms a route up before its first measured run only. */
import { describe, expect, test } from 'vitest';
import { WarmUps } from '../../../bench/lib/bench/warm-ups';

describe('warm-ups', () => {
  test('a URL gets its warm-up before its first run and none before later runs', () => {
    const warmUps = new WarmUps();
    expect([1, 2, 3].map(() => warmUps.before('http://127.0.0.1:1/en/fixture', 1))).toEqual([1, 0, 0]);
  });

  test('each URL gets its own first warm-up, in whatever order they come', () => {
    const warmUps = new WarmUps();
    const order = ['/constant', '/render', '/constant', '/hit', '/render', '/hit'];
    expect(order.map((url) => warmUps.before(url, 0.5))).toEqual([0.5, 0.5, 0, 0.5, 0, 0]);
  });
});
