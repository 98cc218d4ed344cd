/**
 * The worker's steps tested in-process, the way Hono tests its own middleware: a Hono app with
 * only the steps under test, requests through `app.request()`. No build, no workerd: each test
 * takes milliseconds. What needs the runtime (KV, the Cache API) stays in the workerd tests.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { RECORDS_FORMAT, type Chrome, type ClientAssets } from '../../app/build-records';
import { compileRouteRules, type MatchedRules } from '../../app/route-rules';
import type { AppEnv, RequestVariables } from '../../worker/app-env';
import { BuildMemory, type CompleteBuild } from '../../worker/build-memory';
import { createBuildStore } from '../../worker/build-store';
import type { KvReader } from '../../worker/kv-records';
import type { ConfigSource } from '../../worker/config';
import { errorHandler } from '../../worker/error-handler';

export const ORIGIN = 'https://www.example.com';
export const BUILD_ID = '0123456789abcdef';
export const ASSETS: ClientAssets = { entry: '/_app/entry.js', css: ['/_app/entry.css'] };

const LOCALES = [
  { code: 'en', lang: 'en', label: 'English' },
  { code: 'et', lang: 'et-EE', label: 'Eesti' },
];

function chrome(code: string): Chrome {
  const locale = LOCALES.find((l) => l.code === code)!;
  return { siteName: 'Fixture Site', origin: ORIGIN, defaultLocale: 'en', locale, locales: LOCALES, navigation: [], footer: {} };
}

/** A complete build in English and Estonian with the given route rules; no KV behind it. */
export function fixtureBuild(routeRules: Record<string, MatchedRules> = {}): CompleteBuild {
  return {
    record: { id: BUILD_ID, timestamp: 1_700_000_000_000 },
    manifest: { id: BUILD_ID, timestamp: 1_700_000_000_000, matcher: compileRouteRules(routeRules), prerendered: ['/en', '/et'] },
    index: {
      id: BUILD_ID,
      pages: { '/en': 'a'.repeat(64), '/et': 'b'.repeat(64) },
      chrome: { en: chrome('en'), et: chrome('et') },
      defaultLocale: 'en',
      csp: { scriptHashes: [], connectOrigins: [] },
      webhooks: {},
      // The records format this worker reads; an index without one is format 1, from before builds recorded it.
      code: { id: 'c0de'.repeat(4), recordsFormat: RECORDS_FORMAT, clientFiles: [] },
    },
  };
}

/** KV with nothing in it: nothing has been published. */
export const EMPTY_KV: KvReader = { get: () => Promise.resolve(null) };

/** Bindings as `app.request()` takes them: the configuration's strings, and KV. */
export type TestBindings = ConfigSource & { SITE_KV?: KvReader };

/**
 * Stands in for the steps before the ones under test: the variables they would have set.
 * Unless said otherwise, a live request for /en served from the fixture build.
 */
export function given(variables: Partial<RequestVariables> = {}): MiddlewareHandler<AppEnv> {
  return async function givenVariables(c, next) {
    const memory = new BuildMemory();
    const all: Partial<RequestVariables> = {
      requestId: '0123456789abcdef-AMS',
      path: new URL(c.req.url).pathname,
      store: createBuildStore({ kv: EMPTY_KV, memory }),
      preview: false,
      channel: 'live',
      build: fixtureBuild(),
      ...variables,
    };
    for (const [name, value] of Object.entries(all)) c.set(name as keyof RequestVariables, value as never);
    await next();
  };
}

/** An app with the worker's error handler, as every step runs under it. */
export function testApp({ memory = new BuildMemory() }: { memory?: BuildMemory } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler({ memory, assets: ASSETS }));
  return app;
}

/** Requests go to the live host unless a full URL names another. */
export const request = (app: Hono<AppEnv>, path: string, init: RequestInit = {}, bindings: TestBindings = {}) =>
  app.request(/^https?:/.test(path) ? path : ORIGIN + path, init, bindings);
