import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { browserVerdictFromHeaders } from './verdict-from-headers';
import { afterNext } from '../response-headers';
import { chooseLocale } from '../visitor-locale';

/** Client hints that sharpen the verdict (Chromium sends them on later requests once asked). */
const ACCEPT_CH = 'Sec-CH-UA, Sec-CH-UA-Mobile, Sec-CH-UA-Platform, Sec-CH-UA-Full-Version-List';

/**
 * Sends browsers the site does not support to /unsupported, in the visitor's language, before
 * any page work. Only page requests pass through here: /unsupported itself, the JSON files
 * and static assets are routed elsewhere. The redirect is private and never cached, and every
 * page says it varies by User-Agent.
 */
export function browserCheck(): MiddlewareHandler<AppEnv> {
  return async function browserCheckMiddleware(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const verdict = browserVerdictFromHeaders(c.req.raw.headers);
    if (!verdict.supported) {
      const build = c.get('build'),
        path = c.get('path');
      const locale = chooseLocale(build.index, path, c.req.query('lang'), c.req.header('accept-language')).locale.code;
      return new Response(null, {
        status: 302,
        headers: {
          Location: `/unsupported?lang=${encodeURIComponent(locale)}`,
          Vary: 'User-Agent',
          'Cache-Control': 'private, no-store',
        },
      });
    }
    await afterNext(c, next, sayItVaries);
  };
}

function sayItVaries(headers: Headers) {
  headers.append('Vary', 'User-Agent');
  headers.set('Accept-CH', ACCEPT_CH);
}
