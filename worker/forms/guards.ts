/**
 * What stands before `POST /_app/forms` reads a byte of the body: the post must come from the
 * site's own pages, and one client may send only so many per minute. Refusals answer the
 * hydrated form in JSON and a browser without JavaScript with a page in the visitor's language.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { FORM_MAX_BYTES, FORM_RATE_LIMIT_PERIOD_S } from '../../app/constants';
import { isContentPath } from '../../app/content/paths';
import { formStrings } from '../../app/i18n/form-strings';
import type { AppEnv } from '../app-env';
import type { CompleteBuild } from '../build-memory';
import { CACHE_NONE } from '../cache-control';
import { formRefusedPage } from './pages';
import { chooseLocale } from '../visitor-locale';
import { discardBody } from './body';
import { mayPost } from './rate-limit';

export type Refusal = 'forbidden' | 'rate_limited' | 'too_large' | 'unsupported_type' | 'unreadable' | 'not_found' | 'unavailable';

/** For API clients and logs; visitors read the translated text instead. */
const ENGLISH = new Map<Refusal, string>([
  ['forbidden', 'Cross-site form posts are refused: send the form from its page on this site.'],
  ['rate_limited', 'Too many form posts from this client: wait a minute, then send again.'],
  ['too_large', 'The form is too large.'],
  ['unsupported_type', 'Send the form as JSON, URL-encoded or multipart/form-data.'],
  ['unreadable', 'The form data is not valid.'],
  ['not_found', 'There is no such form.'],
  ['unavailable', 'The entry could not be stored just now and was not kept: send it again in a minute.'],
]);

const TRANSLATED = new Map<Refusal, 'forbidden' | 'rateLimited' | 'tooLarge' | 'unavailable'>([
  ['forbidden', 'forbidden'],
  ['rate_limited', 'rateLimited'],
  ['too_large', 'tooLarge'],
  ['unavailable', 'unavailable'],
]);

/**
 * A post from a browser that ran no JavaScript: a plain form post that does not ask for JSON.
 * The hydrated form always asks for JSON, whether it sends JSON or multipart.
 */
export function isPlainPost(c: Context<AppEnv>): boolean {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return !type.startsWith('application/json') && !(c.req.header('accept') ?? '').toLowerCase().includes('application/json');
}

/** The page the post came from, when the browser said so and it is one of ours. */
function refererPage(c: Context<AppEnv>): string | null {
  try {
    const referer = new URL(c.req.header('referer') ?? '');
    return referer.origin === new URL(c.req.url).origin && isContentPath(referer.pathname) ? referer.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The refusal of a post, to throw: JSON for the hydrated form, a page in the visitor's language
 * for a plain post. What is left of the body is read first (see discardBody).
 */
export async function formRefusal(
  c: Context<AppEnv>,
  status: 400 | 403 | 404 | 413 | 415 | 429 | 503,
  refusal: Refusal,
  extraHeaders: Record<string, string> = {},
): Promise<HTTPException> {
  await discardBody(c.req.raw, FORM_MAX_BYTES);
  const headers = { 'Cache-Control': CACHE_NONE, ...extraHeaders };
  const message = ENGLISH.get(refusal)!;
  if (!isPlainPost(c)) return new HTTPException(status, { message, res: c.json({ error: refusal, message }, status, headers) });
  const page = refererPage(c);
  const build = c.get('build') as CompleteBuild | undefined;
  const lang = build ? chooseLocale(build.index, page ?? '/', undefined, c.req.header('accept-language')).locale.lang : 'en';
  const t = formStrings(lang);
  const body = formRefusedPage({
    lang,
    heading: t.notSent,
    message: t[TRANSLATED.get(refusal) ?? 'unreadable'],
    back: page ? { page, label: t.backToForm } : undefined,
  });
  return new HTTPException(status, { message, res: c.html(body, status, headers) });
}

/**
 * Cross-site request forgery: a page elsewhere must not post here in a visitor's name. Browsers
 * send `Origin` with every POST, fetch and plain form post alike (Chromium, Firefox, Safari), and
 * `Sec-Fetch-Site` from secure pages; a post that shows neither to be our own is refused, so is
 * one with no Origin at all. hono/csrf is not used: it checks only form content types (JSON is
 * left to CORS), and its refusal is not the page in the visitor's language.
 */
export const sameOriginPosts: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sameOrigin = c.req.header('origin') === new URL(c.req.url).origin || c.req.header('sec-fetch-site') === 'same-origin';
  if (!sameOrigin) throw await formRefusal(c, 403, 'forbidden');
  await next();
};

/**
 * At most the FORM_RATE_LIMIT binding's number of posts per client per period (wrangler.toml),
 * keyed by the client's address as Cloudflare saw it; over it, 429 with Retry-After.
 */
export const formRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Without an address (never on Cloudflare) every such client shares one allowance.
  const key = c.req.header('cf-connecting-ip') || 'unknown-client';
  const limiter = (c.env as Partial<Env> | undefined)?.FORM_RATE_LIMIT;
  if (!(await mayPost(limiter, key, c.get('requestId'))))
    throw await formRefusal(c, 429, 'rate_limited', { 'Retry-After': String(FORM_RATE_LIMIT_PERIOD_S) });
  await next();
};
