import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * One JSON line per request for Workers Logs ([observability] in wrangler.toml): what was
 * asked, what was answered, from which build, whether the edge cache served it, preview or
 * live, and how long it took. The path only: query strings can carry tokens.
 */
export function requestLog({ now = () => Date.now() }: { now?: () => number } = {}): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = now();
    await next();
    console.log(
      JSON.stringify({
        type: 'request',
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.get('path') ?? '(rejected)',
        status: c.res.status,
        build: c.get('build')?.record.id ?? null,
        cache: c.get('edgeCache') ?? 'bypass',
        mode: c.get('preview') ? 'preview' : 'live',
        ms: now() - started,
      }),
    );
  };
}
