/** Which build a served page names. */
import { describe, expect, test } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../app/dom-ids';
import { embeddedBuildId } from '../../bench/lib/embedded-build-id';

const page = (json: string) => `<html><body><script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script></body></html>`;

describe('embedded build id', () => {
  test("a page's boot data names its build", () => {
    expect(embeddedBuildId(page('{"buildId":"0123456789abcdef","view":{}}'))).toBe('0123456789abcdef');
  });

  test('a page without boot data names no build', () => {
    expect(embeddedBuildId('<html><body>Not found</body></html>')).toBeNull();
  });

  test('boot data that is not JSON names no build', () => {
    expect(embeddedBuildId(page('{"buildId":'))).toBeNull();
  });
});
