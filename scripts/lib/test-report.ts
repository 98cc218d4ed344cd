/**
 * The counts `npm test` ends with, read from vitest's JSON report. A file can fail outside its
 * tests: a `beforeAll` that throws, an import that fails, an error after the last test. Vitest
 * then reports the file as failed and its tests as skipped or not at all, so `numFailedTests`
 * alone would say "0 failed" for a run that failed. Each such file counts as one failure, and so
 * does a run that failed with every file passing (an error outside any file, such as vitest's
 * "Unhandled Errors" or a configuration it refuses).
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
  /** vitest exited with a failure that no file accounts for */
  failedOutsideFiles: boolean;
}

/**
 * The tally of one vitest JSON report (its text) and how vitest exited; throws, naming the field,
 * when the text is not such a report.
 */
export function tallyOf(reportJson: string, { exitedOk = true }: { exitedOk?: boolean } = {}): Tally {
  const report = VitestJsonReport.parse(JSON.parse(reportJson));
  const failedOutsideTests = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
    .map((file) => file.name);
  const failedInFiles = report.numFailedTests + failedOutsideTests.length;
  const failedOutsideFiles = !exitedOk && failedInFiles === 0;
  return { passed: report.numPassedTests, failed: failedInFiles + (failedOutsideFiles ? 1 : 0), failedOutsideTests, failedOutsideFiles };
}
