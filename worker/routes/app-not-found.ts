import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import { CACHE_NONE } from '../cache-control';

/**
 * Anything under /_app/ that neither static assets (the client bundle) nor an endpoint
 * answered: a JSON 404, whether or not anything is published, since no build could change it.
 */
export function appNotFound(c: Context<AppEnv>): never {
  throw new HTTPException(404, { res: c.json({ error: 'not_found' }, 404, { 'Cache-Control': CACHE_NONE }) });
}
