import { describe, expect, test } from 'vitest';
import { tallyOf } from '../../scripts/lib/test-report';

const file = (name: string, status: string, tests: string[]) => ({
  name,
  status,
  message: '',
  assertionResults: tests.map((s, i) => ({ title: `t${i}`, status: s })),
});
const report = (numPassedTests: number, numFailedTests: number, testResults: unknown[]) =>
  JSON.stringify({ numPassedTests, numFailedTests, numTotalTests: numPassedTests + numFailedTests, testResults });

describe('the tally npm test ends with', () => {
  test('counts the passed and failed tests of a run whose files failed only in tests', () => {
    const json = report(3, 1, [file('/a.test.ts', 'passed', ['passed', 'passed']), file('/b.test.ts', 'failed', ['passed', 'failed'])]);
    expect(tallyOf(json)).toEqual({ passed: 3, failed: 1, failedOutsideTests: [], failedOutsideFiles: false });
  });

  test('counts a file that failed in a hook, with no failed test of its own, as one failure', () => {
    const json = report(2, 0, [
      file('/a.test.ts', 'passed', ['passed', 'passed']),
      file('/dev-loop.test.ts', 'failed', ['skipped', 'skipped']),
    ]);
    expect(tallyOf(json)).toEqual({ passed: 2, failed: 1, failedOutsideTests: ['/dev-loop.test.ts'], failedOutsideFiles: false });
  });

  test('counts a file that failed before it reported any test as one failure', () => {
    expect(tallyOf(report(0, 0, [file('/broken-import.test.ts', 'failed', [])])).failed).toBe(1);
  });

  test('counts a run that failed with every file passing, an error outside any file, as one failure', () => {
    const json = report(2, 0, [file('/a.test.ts', 'passed', ['passed', 'passed'])]);
    expect(tallyOf(json, { exitedOk: false })).toEqual({ passed: 2, failed: 1, failedOutsideTests: [], failedOutsideFiles: true });
  });

  test('adds nothing for a failed run whose failures its files already count', () => {
    const json = report(1, 1, [file('/b.test.ts', 'failed', ['passed', 'failed'])]);
    expect(tallyOf(json, { exitedOk: false })).toMatchObject({ failed: 1, failedOutsideFiles: false });
  });

  test('refuses a report without the counts, naming the field', () => {
    expect(() => tallyOf(JSON.stringify({ testResults: [] }))).toThrow(/numPassedTests/);
  });
});
