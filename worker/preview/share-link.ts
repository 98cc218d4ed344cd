/**
 * `GET /_app/preview/share-link?path=/et/kontakt[&days=2]`, on the preview host, behind the
 * gate: a signed share link to one page of the draft, for the /preview screen's "copy share
 * link" button: `{ href: "/et/kontakt?share=…", expiresAt }`. The link is a path, which the
 * page makes whole with the origin the browser sees (behind a proxy, or in `wrangler dev`, the
 * worker's own URL may name another). The answer is JSON that another origin cannot read (no
 * CORS), and private like every preview answer. On the live host there is no such endpoint.
 */
import type { Context, Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { draftNameOf } from '../build-memory';
import { payloadHash } from '../build-store';
import { CACHE_NONE } from '../cache-control';
import { configOf } from '../config';
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, isShareablePath, shareLinkHref } from './share';

const Query = z.object({
  path: z.string().max(1024).refine(isShareablePath, 'must be a content page path such as /et/kontakt'),
  days: z.coerce
    .number<string>()
    .int()
    .min(1)
    .max(SHARE_MAX_DAYS, `a share link lasts at most ${SHARE_MAX_DAYS} days`)
    .default(SHARE_DEFAULT_DAYS),
});

function refuse(c: Context<AppEnv>, status: 400 | 503, error: string, message: string): never {
  throw new HTTPException(status, { message, res: c.json({ error, message }, status, { 'Cache-Control': CACHE_NONE }) });
}

export function previewShareLink({ now = () => Date.now() }: { now?: () => number } = {}) {
  return async function previewShareLinkHandler(c: Context<AppEnv>, next: Next) {
    if (!c.get('preview')) return next();
    const config = configOf(c.env);
    if (!config.previewShareSecret)
      refuse(c, 503, 'not_configured', `Share links are not configured: ${config.previewShareSecretProblem}.`);
    const query = Query.safeParse({ path: c.req.query('path'), days: c.req.query('days') });
    if (!query.success) {
      const issue = query.error.issues[0];
      refuse(c, 400, 'invalid', `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
    }
    // As `npm run preview-link` does: a link to a page the draft does not have is refused now,
    // not found broken by the reviewer.
    const channel = c.get('channel');
    const build = await c.get('store').current(channel);
    if (!build || payloadHash(build, query.data.path) === undefined)
      refuse(c, 400, 'not_a_page', `path: ${query.data.path} is not a page of this draft`);
    const link = await shareLinkHref(config.previewShareSecret, { ...query.data, now: now(), draft: draftNameOf(channel) });
    return c.json(link, 200, { 'Cache-Control': CACHE_NONE });
  };
}
