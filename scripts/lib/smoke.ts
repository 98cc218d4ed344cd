/**
 * The smoke test after a deploy (`npm run smoke -- ORIGIN`, and the end of `npm run deploy`):
 * what a visitor and a monitor reach on the deployed origin. The health check (deep with a
 * HEALTH_TOKEN), every locale's home, one payload, one client file and one media file, each one
 * line. A failure ends with the exact rollback command to the build that was live before.
 */
import { Payload } from '../../app/build-records';
import { payloadUrlPath } from '../../app/content/paths';
import { Health } from '../../worker/health/schema';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** `https://www.example.com`, or a local server's `http://127.0.0.1:8787` */
  origin: string;
  /** with it, the deep health check (Authorization: Bearer) */
  healthToken?: string;
  fetch?: typeof fetch;
  /** per request */
  timeoutMs?: number;
}

const SMOKE_TIMEOUT_MS = 15_000;

/** A first client file and a first media file a page's HTML names (a script, a preload, an image). */
const CLIENT_FILE = /(?:src|href)="(\/_app\/[^"?#]+\.(?:js|css))"/;
const MEDIA_FILE = /(?:src|href|srcset)="(\/media\/[^"?#\s,]+)/;

/** Runs the checks in order; the first that cannot go on (no health, no payload) stops those that need it. */
export async function runSmoke({
  origin,
  healthToken,
  fetch: get = fetch,
  timeoutMs = SMOKE_TIMEOUT_MS,
}: SmokeOptions): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const request = async (path: string, headers: Record<string, string> = {}) => {
    try {
      return await get(new URL(path, origin), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      return `${path}: no answer (${(err as Error).message})`;
    }
  };

  const healthPath = healthToken ? '/_app/health?deep=1' : '/_app/health';
  const health = await request(healthPath, healthToken ? { authorization: `Bearer ${healthToken}` } : {});
  if (typeof health === 'string') check('health', false, health);
  else {
    const body = Health.safeParse(await health.json().catch(() => null));
    if (!body.success) check('health', false, `${healthPath}: ${health.status}, not the health JSON`);
    else {
      const failed = Object.entries(body.data.deep ?? {}).filter(([, c]) => !c.ok);
      const what = failed.map(([name, c]) => `${name}: ${c.detail}`).join('; ');
      check(
        'health',
        health.status === 200,
        health.status === 200
          ? `build ${body.data.build}, kv ok${body.data.deep ? ', deep checks ok' : ''}`
          : `${health.status}: kv ${body.data.kv}${body.data.reason ? ` (${body.data.reason})` : ''}${what ? `; ${what}` : ''}`,
      );
    }
  }

  const payloadPath = payloadUrlPath('/');
  const payloadRes = await request(payloadPath);
  let payload: Payload | null = null;
  if (typeof payloadRes === 'string') check('payload', false, payloadRes);
  else if (payloadRes.status !== 200) check('payload', false, `${payloadPath}: ${payloadRes.status}`);
  else {
    const parsed = Payload.safeParse(await payloadRes.json().catch(() => null));
    if (parsed.success) payload = parsed.data;
    check(
      'payload',
      parsed.success,
      parsed.success ? `${payloadPath}: 200, ${parsed.data.chrome.locales.length} locales` : `${payloadPath}: not a payload`,
    );
  }
  if (!payload) return checks;

  let clientFile: string | undefined;
  let mediaFile: string | undefined;
  for (const locale of payload.chrome.locales) {
    const home = `/${locale.code}`;
    const res = await request(home);
    if (typeof res === 'string') {
      check(`home ${locale.code}`, false, res);
      continue;
    }
    const html = await res.text();
    const isHtml = (res.headers.get('content-type') ?? '').startsWith('text/html');
    check(
      `home ${locale.code}`,
      res.status === 200 && isHtml,
      `${home}: ${res.status}${isHtml ? '' : `, ${res.headers.get('content-type')}`}`,
    );
    clientFile ??= CLIENT_FILE.exec(html)?.[1];
    mediaFile ??= MEDIA_FILE.exec(html)?.[1];
  }

  for (const [name, path] of [
    ['client file', clientFile],
    ['media file', mediaFile],
  ] as const) {
    if (!path) {
      check(
        name,
        name === 'media file',
        name === 'media file' ? 'no locale home shows a media file: none checked' : 'no locale home names a client file',
      );
      continue;
    }
    const res = await request(path);
    if (typeof res === 'string') check(name, false, res);
    else {
      await res.body?.cancel();
      check(name, res.status === 200, `${path}: ${res.status}`);
    }
  }
  return checks;
}

export const smokePassed = (checks: readonly SmokeCheck[]) => checks.every((c) => c.ok);

/** One line per check. */
export function smokeLines(checks: readonly SmokeCheck[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  return checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.detail}\n`).join('');
}

/**
 * The command that puts back the build live before this deploy: with its id when known, else
 * with a placeholder and how to find the id. `env` undefined is the local state.
 */
export function rollbackCommand(previous: string | null, env: string | undefined): string {
  const where = env === undefined ? '' : ` --remote --env ${env}`;
  if (previous) return `npm run rollback -- ${previous}${where}`;
  const builds = env === undefined ? 'npm run builds' : `npm run builds --${where}`;
  return `npm run rollback -- <previous build id>${where}   (${builds} lists the builds and which was live)`;
}

/**
 * The origin a wrangler.toml environment serves: its first route's host, as https. Null when it
 * has none (a workers.dev deploy): the smoke test then needs the origin given.
 */
export function originOfRoutes(routes: unknown): string | null {
  if (!Array.isArray(routes)) return null;
  for (const route of routes) {
    const pattern = typeof route === 'string' ? route : (route as { pattern?: unknown })?.pattern;
    if (typeof pattern !== 'string') continue;
    const host = /^(?:https?:\/\/)?([a-z0-9.-]+)(?:\/|$)/i.exec(pattern)?.[1];
    if (host && !host.includes('*')) return `https://${host.toLowerCase()}`;
  }
  return null;
}
