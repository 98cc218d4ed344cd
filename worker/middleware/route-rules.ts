import type { Context, MiddlewareHandler } from 'hono';
import { matchRouteRules, redirectFor } from '../../app/route-rules';
import type { AppEnv } from '../app-env';
import { splitRequestUrl } from '../request-path';
import { keepForShortPath } from '../memory-hit';
import { afterNext } from '../response-headers';

/** How long browsers may keep a route-rule redirect. */
const REDIRECT_CACHE = 'public, max-age=300';

/**
 * Applies site.json routeRules at the edge with the matcher the client uses too: a redirect
 * answers at once; header rules are added to the response; the cache rule is left on the
 * context for the edge cache.
 */
export function routeRules(): MiddlewareHandler<AppEnv> {
  return async function routeRulesMiddleware(c, next) {
    const decision = matchRouteRules(c.get('build').manifest.matcher, c.get('path'));
    if (decision.rule.redirect !== undefined) {
      const search = splitRequestUrl(c.req.url).search;
      const redirect = redirectFor(decision, search);
      if (redirect) {
        // Without a query string the redirect is the same for every request of this build and
        // path: the short path may send it (one kept answer per path, not one per query string).
        if (search === '') keepForShortPath(c, { body: null, search, status: redirect.status });
        return new Response(null, { status: redirect.status, headers: { Location: redirect.location, 'Cache-Control': REDIRECT_CACHE } });
      }
    }
    c.set('rule', decision.rule);
    await afterNext(c, next, addRuleHeaders);
  };
}

function addRuleHeaders(headers: Headers, c: Context<AppEnv>) {
  const ruleHeaders = c.get('rule').headers;
  if (ruleHeaders) for (const [name, value] of Object.entries(ruleHeaders)) headers.set(name, value);
}
