/** The indexing budget's two halves are timed back to back, with a made-up clock. */
import { describe, expect, test } from 'vitest';
import { timeBuildThenIndexing } from '../../../bench/lib/bench/build-and-indexing';

describe('build and indexing timed together', () => {
  test('the indexing is timed right after the build it is a share of, before anything else runs', async () => {
    const events: string[] = [];
    let clock = 0;
    const result = await timeBuildThenIndexing(
      async () => {
        events.push('build');
        clock += 1400;
        return 'built site';
      },
      (built) => {
        events.push(`index ${built}`);
        return 90;
      },
      () => clock,
    );
    events.push('next step');
    expect(events).toEqual(['build', 'index built site', 'next step']);
    expect(result).toEqual({ built: 'built site', buildMs: 1400, indexMs: 90 });
  });
});
