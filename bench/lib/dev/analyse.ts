/**
 * The dev loop's budget (`npm run bench:dev`): from saving a page file with a new title to that
 * title in an open tab, the median of the edits; and from saving a file in app/ to the tab
 * reloaded with the new code. Pure, so test/bench/dev/analyse.test.ts checks it with made-up figures.
 */
import { median } from '../bench/budgets';

/** The median time from saving a page file to its new title in an open tab. */
export const DEV_CONTENT_EDIT_BUDGET_MS = 1_500;
/** The time from saving a file in app/ to the open tab reloaded with the new code. */
export const DEV_CODE_EDIT_BUDGET_MS = 5_000;

export interface DevLoopFigures {
  /** ms from each page save to its title in the tab */
  contentEditsMs: number[];
  /** ms from a save in app/ to the tab showing the new code */
  codeEditMs: number;
}

export interface DevLoopVerdict {
  contentMedianMs: number;
  checks: { name: string; actualMs: number; limitMs: number; ok: boolean }[];
}

/** A figure that is missing or not finite never passes. */
const within = (actualMs: number, limitMs: number) => Number.isFinite(actualMs) && actualMs <= limitMs;

export function analyseDevLoop({ contentEditsMs, codeEditMs }: DevLoopFigures): DevLoopVerdict {
  const contentMedianMs = median(contentEditsMs);
  return {
    contentMedianMs,
    checks: [
      {
        name: `page title edit, median of ${contentEditsMs.length}`,
        actualMs: contentMedianMs,
        limitMs: DEV_CONTENT_EDIT_BUDGET_MS,
        ok: within(contentMedianMs, DEV_CONTENT_EDIT_BUDGET_MS),
      },
      {
        name: 'code edit in app/',
        actualMs: codeEditMs,
        limitMs: DEV_CODE_EDIT_BUDGET_MS,
        ok: within(codeEditMs, DEV_CODE_EDIT_BUDGET_MS),
      },
    ],
  };
}
