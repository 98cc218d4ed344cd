/**
 * The counts `npm test` ends with, read from vitest's JSON report. A file can fail outside its
 * tests: a `beforeAll` that throws, an import that fails, an error after the last test. Vitest
 * then reports the file as failed and its tests as skipped or not at all, so `numFailedTests`
 * alone would say "0 failed" for a run that failed. Each such file counts as one failure.
 */
import { z } from 'zod';

const VitestJsonReport = z.object({
  numPassedTests: z.number().int().nonnegative(),
  numFailedTests: z.number().int().nonnegative(),
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      assertionResults: z.array(z.object({ status: z.string() })),
    }),
  ),
});

export interface Tally {
  passed: number;
  failed: number;
  /** the files that failed with no failed test of their own, by path */
  failedOutsideTests: string[];
}

/** The tally of one vitest JSON report (its text); throws, naming the field, when it is not one. */
export function tallyOf(reportJson: string): Tally {
  const report = VitestJsonReport.parse(JSON.parse(reportJson));
  const failedOutsideTests = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
    .map((file) => file.name);
  return { passed: report.numPassedTests, failed: report.numFailedTests + failedOutsideTests.length, failedOutsideTests };
}
