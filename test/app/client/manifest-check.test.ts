import { describe, expect, test } from 'vitest';
import { looksLikeManifest } from '../../../app/client/manifest-check';
import { compileRouteRules } from '../../../app/route-rules';

const manifest = {
  id: '0123456789abcdef',
  timestamp: 1,
  prerendered: ['/', '/en'],
  matcher: compileRouteRules({ '/old': { redirect: '/en' } }),
};

describe('the build manifest as navigation reads it', () => {
  test('a manifest the worker sends is one', () => {
    expect(looksLikeManifest(JSON.parse(JSON.stringify(manifest)))).toBe(true);
  });

  test.each([
    ['nothing', null],
    ['a string', 'manifest'],
    ['an error page parsed as JSON', { error: 'unavailable' }],
    ['no list of prerendered pages', { ...manifest, prerendered: undefined }],
    ['a list of something else', { ...manifest, prerendered: [1, 2] }],
    ['no route rules', { ...manifest, matcher: {} }],
    ['a rule without segments', { ...manifest, matcher: { rules: [{ pattern: '/x', rule: {} }] } }],
  ])('%s is not one, so navigation goes on without it', (_, value) => {
    expect(looksLikeManifest(value)).toBe(false);
  });
});
