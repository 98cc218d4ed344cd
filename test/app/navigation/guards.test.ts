import { describe, expect, test } from 'vitest';
import type { AppManifest } from '../../../app/build-records';
import {
  browserSupportGuard,
  createGuardPipeline,
  routeRulesGuard,
  pageSource,
  validateGuard,
  type Guard,
  type NavigationRequest,
} from '../../../app/navigation/guards';
import { compileRouteRules } from '../../../app/route-rules';
import { PROTOTYPE_NAMES } from '../../support/property';

const manifest: AppManifest = {
  id: '0123456789abcdef',
  timestamp: 1,
  prerendered: ['/', '/en', '/en/loans', '/fi'],
  matcher: compileRouteRules({
    '/old-loans': { redirect: '/en/loans' },
    '/en/loans': { redirect: 'https://loans.example.com/' },
    '/blog/**': { redirect: 'https://blog.example.com/**' },
    '/en/news/**': { prerender: false },
  }),
};

const request = (path: string, search = ''): NavigationRequest => ({ path, search, manifest });
const supported = browserSupportGuard(() => ({ supported: true }));
const registry = { validate: validateGuard, 'browser-support': supported, 'route-rules': routeRulesGuard };

describe('navigation guards', () => {
  test('run in the order validate, browser support, route rules', () => {
    const calls: string[] = [];
    const spy =
      (name: string): Guard =>
      () => (calls.push(name), { kind: 'continue' });
    createGuardPipeline({ validate: spy('validate'), 'browser-support': spy('browser-support'), 'route-rules': spy('route-rules') })(
      request('/en'),
    );
    expect(calls).toEqual(['validate', 'browser-support', 'route-rules']);
  });

  test('stop at the first guard that decides', () => {
    const calls: string[] = [];
    createGuardPipeline({
      validate: () => (calls.push('validate'), { kind: 'error', status: 404, message: 'x' }),
      'browser-support': () => (calls.push('browser-support'), { kind: 'continue' }),
      'route-rules': () => (calls.push('route-rules'), { kind: 'continue' }),
    })(request('/x'));
    expect(calls).toEqual(['validate']);
  });

  test('an unregistered guard name throws the spec’s error', () => {
    const run = createGuardPipeline(registry, ['validate', 'auth']);
    expect(() => run(request('/en'))).toThrow("Unknown route middleware: 'auth'.");
  });

  test.each(PROTOTYPE_NAMES)('a guard named %j, which Object.prototype has, is still unregistered', (name) => {
    const run = createGuardPipeline(registry, ['validate', name]);
    expect(() => run(request('/en'))).toThrow(`Unknown route middleware: '${name}'.`);
  });

  test('a malformed path is a 404 with the spec’s message', () => {
    expect(createGuardPipeline(registry)(request('/EN/Bad Path'))).toEqual({
      kind: 'error',
      status: 404,
      message: 'Page not found: /EN/Bad Path',
    });
  });

  test('a well-formed path passes validation whether or not the build has it', () => {
    expect(validateGuard(request('/en/anything')).kind).toBe('continue');
  });

  test('a page path with a trailing slash is redirected in the app to its one URL, as the edge does with 308', () => {
    expect(createGuardPipeline(registry)(request('/fi/', '?a=1'))).toEqual({ kind: 'redirect', to: '/fi?a=1' });
  });

  test('a path of another form that a route rule redirects is left to the rule, as on a full load', () => {
    expect(createGuardPipeline(registry)(request('/blog/Hello_World'))).toEqual({
      kind: 'leave',
      url: 'https://blog.example.com/Hello_World',
    });
  });

  test('a path of another form with no rule is a 404, trailing slash or not', () => {
    for (const path of ['/EN/Loans', '/EN/']) expect(createGuardPipeline(registry)(request(path)).kind, path).toBe('error');
  });

  test('without the manifest, a path of another form is left to the edge, which knows the rules', () => {
    expect(validateGuard({ path: '/blog/Hello_World', search: '?x', manifest: null })).toEqual({
      kind: 'leave',
      url: '/blog/Hello_World?x',
    });
  });

  test('an unsupported browser leaves for /unsupported in its language', () => {
    const run = createGuardPipeline({ ...registry, 'browser-support': browserSupportGuard(() => ({ supported: false, lang: 'et' })) });
    expect(run(request('/en'))).toEqual({ kind: 'leave', url: '/unsupported?lang=et' });
  });

  test('validation runs before the browser check', () => {
    const run = createGuardPipeline({ ...registry, 'browser-support': browserSupportGuard(() => ({ supported: false })) });
    expect(run(request('/en//x')).kind).toBe('error');
  });

  test('an internal redirect target stays in the app', () => {
    expect(createGuardPipeline(registry)(request('/old-loans', '?a=1'))).toEqual({ kind: 'redirect', to: '/en/loans?a=1' });
  });

  test('an external redirect target leaves the app', () => {
    expect(createGuardPipeline(registry)(request('/en/loans'))).toEqual({ kind: 'leave', url: 'https://loans.example.com/' });
  });

  test('a page with no rule continues to load', () => {
    expect(createGuardPipeline(registry)(request('/fi'))).toEqual({ kind: 'continue' });
  });
});

describe('where a page comes from', () => {
  test('a prerendered page comes from its payload', () => {
    expect(pageSource('/en/loans', manifest)).toBe('payload');
  });

  test('a page the build does not have is missing, so no request is made', () => {
    expect(pageSource('/en/nope', manifest)).toBe('missing');
  });

  test('a page a rule keeps from prerendering comes from the server', () => {
    expect(pageSource('/en/news/today', manifest)).toBe('server');
  });

  test('server-only pages come from the server', () => {
    expect(pageSource('/reset-storage/en', manifest)).toBe('server');
  });

  test('before the manifest has loaded the payload request decides', () => {
    expect(pageSource('/en/nope', null)).toBe('payload');
  });
});
