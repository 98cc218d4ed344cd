/** `npm run deploy` records which worker version runs the code it deployed, from wrangler's own words. */
import { describe, expect, test } from 'vitest';
import { CodeVersion, type BuildCode } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { codeVersionRecord, parseVersionId } from '../../scripts/lib/code-version';

/** What `wrangler deploy` 4.x prints at the end (its source: `logger.log("Current Version ID:", versionId)`). */
const DEPLOY_OUTPUT = [
  'Total Upload: 877.81 KiB / gzip: 235.00 KiB',
  'Uploaded edge-site-production (4.20 sec)',
  'Deployed edge-site-production triggers (0.80 sec)',
  '  https://www.example.com/*',
  'Current Version ID: 0f3c2a9e-5b1d-4c7e-9a2f-6d8e1b4c3a70',
  '',
].join('\n');

const code: BuildCode = { id: '0123456789abcdef', recordsFormat: 1, clientFiles: ['/_app/entry-abc.js'] };

describe('the worker version a deploy records', () => {
  test('the version id is read from the "Current Version ID" line wrangler deploy prints', () => {
    expect(parseVersionId(DEPLOY_OUTPUT)).toBe('0f3c2a9e-5b1d-4c7e-9a2f-6d8e1b4c3a70');
  });

  test('output without a version line gives no version id', () => {
    expect(parseVersionId('Uploaded edge-site (1.00 sec)\n')).toBeNull();
  });

  test('the record is code/{codeId}.json naming the version and when it was deployed', () => {
    const result = codeVersionRecord(code, DEPLOY_OUTPUT, 1_700_000_000_000);
    expect(result.ok && result.record.key).toBe(kvKeys.codeVersion(code.id));
    expect(result.ok && CodeVersion.parse(JSON.parse(result.record.value))).toEqual({
      codeId: code.id,
      versionId: '0f3c2a9e-5b1d-4c7e-9a2f-6d8e1b4c3a70',
      deployedAt: 1_700_000_000_000,
    });
  });

  test('a build that records no code gets no record, and the reason says rollback cannot restore its worker', () => {
    expect(codeVersionRecord(null, DEPLOY_OUTPUT, 1)).toEqual({
      ok: false,
      reason: 'the build records no code id, so no worker version was recorded for rollback',
    });
  });

  test('wrangler output without a version id gets no record, and the reason says so', () => {
    const result = codeVersionRecord(code, 'Uploaded\n', 1);
    expect(!result.ok && result.reason).toContain('wrangler printed no "Current Version ID"');
  });
});
