import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/** One request's log line, before it is written. */
export interface RequestLogLine {
  requestId: string;
  method: string;
  /** the decoded path, or undefined when the request was refused before it had one */
  path: string | undefined;
  status: number;
  build: string | undefined;
  cache: 'hit' | 'miss' | undefined;
  preview: boolean;
  ms: number;
  /** answered by the short path for memory hits (worker/memory-hit.ts) */
  short?: boolean;
}

/**
 * The line as JSON, built as a template of known fields rather than by `JSON.stringify` of
 * a fresh object on every request (a few microseconds of a hit's budget). Only the fields that
 * come from outside (the path, the method) go through `JSON.stringify`; the others are
 * numbers, booleans or ids of a known alphabet (the request id is a ray id or a UUID, the build
 * id 16 hex digits). A property test holds it to the same text `JSON.parse` reads back.
 */
export function formatRequestLog(line: RequestLogLine): string {
  const path = line.path === undefined ? '"(rejected)"' : JSON.stringify(line.path);
  const build = line.build === undefined ? 'null' : `"${line.build}"`;
  const short = line.short ? ',"short":true' : '';
  return (
    `{"type":"request","requestId":"${line.requestId}","method":${JSON.stringify(line.method)},"path":${path},` +
    `"status":${line.status},"build":${build},"cache":"${line.cache ?? 'bypass'}",` +
    `"mode":"${line.preview ? 'preview' : 'live'}","ms":${line.ms}${short}}`
  );
}

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
      formatRequestLog({
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.get('path'),
        status: c.res.status,
        build: c.get('build')?.record.id,
        cache: c.get('edgeCache'),
        preview: c.get('preview') === true,
        ms: now() - started,
      }),
    );
  };
}
