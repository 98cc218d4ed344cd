/**
 * Search at the edge: `GET /{locale}/search?q=&page=` renders the search page (results,
 * no-results suggestions, pages of results) for a full load, without JavaScript; and
 * `GET /_app/search/{locale}?q=` answers the header field as the visitor types, from the same
 * index with the same ranking. Queries are validated here (app/search/query.ts); the request
 * log never has them (it logs the path alone).
 *
 * Caching: `private, no-cache`. Shared caches never keep an answer, since a query can carry
 * what a visitor would not publish (a name, an account number); the browser may keep one for
 * back and forward. Answering costs less CPU than rendering a page (docs/search.md).
 */
import type { Context, Next } from 'hono';
import type { ClientAssets } from '../../app/build-records';
import { searchIn, type SearchAnswer } from '../../app/search/engine';
import { SEARCH_SUGGESTIONS_SHOWN } from '../../app/search/common';
import { parseSearchParams } from '../../app/search/query';
import { MissingSearchRecordError, type SearchIndex } from '../../app/search/store';
import type { View } from '../../app/view';
import type { AppEnv } from '../app-env';
import { CACHE_PRIVATE } from '../cache-control';
import { renderView } from '../render/render-view';
import { previewInfo } from '../routes/pages';
import { searchIndexOf } from './indexes';

type Ctx = Context<AppEnv>;

/** The Hono pattern of a locale code in a search route. */
export const SEARCH_LOCALE_PARAM = ':locale{[a-z]{2,3}}';

function chromeOf(c: Ctx) {
  const chromes = c.get('build').index.chrome;
  const code = c.req.param('locale') ?? '';
  return Object.hasOwn(chromes, code) ? chromes[code]! : null;
}

const params = (c: Ctx) => parseSearchParams({ q: c.req.query('q'), page: c.req.query('page') });

/** The answer, or null when a record the index lists is not in KV yet (a publish propagating). */
async function answerOf(index: SearchIndex, ...args: [query: string, page: number, perPage?: number]): Promise<SearchAnswer | null> {
  try {
    return await searchIn(index, ...args);
  } catch (err) {
    if (err instanceof MissingSearchRecordError) return null;
    throw err;
  }
}

export function createSearchHandlers({ assets }: { assets: ClientAssets }) {
  /** The search page; a locale the build does not have goes on to the 404 of the content pages. */
  async function searchPage(c: Ctx, next: Next) {
    const chrome = chromeOf(c);
    if (!chrome) return next();
    const parsed = params(c);
    const view: Extract<View, { kind: 'search' }> = { kind: 'search', path: c.get('path'), chrome, query: '', answer: null };
    let status = 200;
    if (!parsed.ok) {
      view.trouble = parsed.problem;
      status = 400;
    } else if (parsed.params.q) {
      view.query = parsed.params.q;
      const index = await searchIndexOf(c.env.SITE_KV, c.get('build'), chrome.locale.code);
      const answer = index && (await answerOf(index, parsed.params.q, parsed.params.page ?? 1));
      if (answer) view.answer = answer;
      else {
        view.trouble = 'unavailable';
        status = 503;
      }
    }
    const body = renderView(view, { buildId: c.get('build').record.id, assets, preview: previewInfo(c, view) });
    return c.html(body, status as 200, { 'Cache-Control': CACHE_PRIVATE });
  }

  /** The header field's results: the first of the search page's, as JSON. */
  async function searchJson(c: Ctx) {
    const headers = { 'Cache-Control': CACHE_PRIVATE };
    const chrome = chromeOf(c);
    if (!chrome) return c.json({ error: 'not_found' }, 404, headers);
    const parsed = params(c);
    if (!parsed.ok) return c.json({ error: parsed.problem }, 400, headers);
    const index = await searchIndexOf(c.env.SITE_KV, c.get('build'), chrome.locale.code);
    const answer = index && (await answerOf(index, parsed.params.q, 1, SEARCH_SUGGESTIONS_SHOWN));
    if (!answer) return c.json({ error: 'unavailable' }, 503, { ...headers, 'Retry-After': '60' });
    return c.json(answer, 200, headers);
  }

  return { searchPage, searchJson };
}
