/** A payload's JSON, made once: as a string for the page's boot data, as bytes for `_payload.json`. */
import { describe, expect, test } from 'vitest';
import type { Payload } from '../../../app/build-records';
import { payloadJson, payloadJsonBytes } from '../../../worker/render/payload-json';

// Only the JSON of this object is looked at, not its shape.
const payload = { path: '/en', page: { title: 'Ülevaade </script>' } } as unknown as Payload;

describe('a payload’s JSON', () => {
  test('as bytes is the UTF-8 of the same script-safe string the page embeds', () => {
    const bytes = payloadJsonBytes(payload);
    expect(new TextDecoder().decode(bytes)).toBe(payloadJson(payload));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(payload);
    expect(payloadJson(payload)).not.toContain('</script>');
  });

  test('is encoded once per payload object', () => {
    expect(payloadJsonBytes(payload)).toBe(payloadJsonBytes(payload));
    expect(payloadJsonBytes({ ...payload })).not.toBe(payloadJsonBytes(payload));
  });
});
