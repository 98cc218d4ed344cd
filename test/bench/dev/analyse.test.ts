/** The dev loop's verdict (bench/lib/dev/analyse.ts), on made-up figures. */
import { expect, test } from 'vitest';
import { DEV_CODE_EDIT_BUDGET_MS, DEV_CONTENT_EDIT_BUDGET_MS, analyseDevLoop } from '../../../bench/lib/dev/analyse';

test('judges the median page edit, so one slow save among ten does not miss the budget', () => {
  const verdict = analyseDevLoop({ contentEditsMs: [400, 500, 450, 9_000, 420, 480, 460, 440, 430, 470], codeEditMs: 3_000 });
  expect(verdict.contentMedianMs).toBe(455);
  expect(verdict.checks.map((c) => c.ok)).toEqual([true, true]);
});

test('misses when the median page edit or the code edit is over its budget', () => {
  const slow = analyseDevLoop({ contentEditsMs: [DEV_CONTENT_EDIT_BUDGET_MS + 1], codeEditMs: DEV_CODE_EDIT_BUDGET_MS + 1 });
  expect(slow.checks.map((c) => c.ok)).toEqual([false, false]);
});

test('never passes a figure that is missing', () => {
  const none = analyseDevLoop({ contentEditsMs: [], codeEditMs: NaN });
  expect(none.checks.map((c) => c.ok)).toEqual([false, false]);
});
