import type { Context } from 'hono';
import type { Chrome, ClientAssets } from '../../app/build-records';
import { NOT_PUBLISHED_RETRY_AFTER_S } from '../../app/constants';
import type { AppEnv } from '../app-env';
import type { UnavailableCause } from '../../app/view';
import { CACHE_NONE } from '../cache-control';
import { renderView } from './render-view';

/** With no build in KV there is no site.json either: the 503 page speaks plain English. */
const NO_BUILD_CHROME: Chrome = {
  siteName: 'Website',
  origin: '',
  defaultLocale: 'en',
  locale: { code: 'en', lang: 'en', label: 'English' },
  locales: [],
  navigation: [],
  footer: {},
};

const NO_BUILD_ID = '0000000000000000';

/** The 503 page: nothing published yet, or the site's storage cannot be read right now. */
export function notPublishedResponse(c: Context<AppEnv>, assets: ClientAssets, cause: UnavailableCause) {
  const body = renderView(
    { kind: 'error', status: 503, path: c.get('path') ?? '/', chrome: NO_BUILD_CHROME, requestId: c.get('requestId'), cause },
    { buildId: NO_BUILD_ID, assets },
  );
  return c.html(body, 503, { 'Cache-Control': CACHE_NONE, 'Retry-After': String(NOT_PUBLISHED_RETRY_AFTER_S) });
}

/** The same for JSON files (payloads, the build pointer): `not_published` or `unavailable`. */
export function notPublishedJson(c: Context<AppEnv>, cause: UnavailableCause) {
  return c.json({ error: cause === 'unavailable' ? 'unavailable' : 'not_published' }, 503, {
    'Cache-Control': CACHE_NONE,
    'Retry-After': String(NOT_PUBLISHED_RETRY_AFTER_S),
  });
}
