/** Reading what `wrangler deploy --dry-run` prints. */
import { describe, expect, test } from 'vitest';
import { parseUploadSize } from '../../scripts/lib/dry-run';

describe('wrangler deploy --dry-run', () => {
  test("wrangler's upload size line", () => {
    expect(parseUploadSize('Total Upload: 877.81 KiB / gzip: 235.00 KiB\n')).toEqual({ totalKiB: 877.81, gzipKiB: 235 });
    expect(parseUploadSize('nothing here')).toBeNull();
  });
});
