/**
 * `/_app/health?deep=1`: what a deploy depends on beyond KV. The form store (D1 answers, the
 * queue is bound, how many entries wait and how many went dead), and the files the live build
 * needs: every hashed client file it names, and every media file its pages show. A build that
 * shows a broken image fails here, where the cheap check cannot see it.
 */
import type { CompleteBuild } from '../build-memory';
import type { BuildStore } from '../build-store';
import { deliveryCounts, type SqlDatabase } from '../forms/entries';
import type { DeepHealth } from './schema';

/**
 * Pages whose payloads are read for the media they show, at most. Each is a KV read, and a
 * request has a bounded number of subrequests; a bigger site is checked in part and says so.
 */
export const DEEP_HEALTH_MAX_PAGES = 400;
/** Files named in a failed check, at most: enough to act on, short enough to read. */
const MISSING_SHOWN = 10;
/** Reads in flight at once. */
const PARALLEL = 16;

export interface DeepEnv {
  FORMS_DB?: SqlDatabase;
  FORMS_QUEUE?: { send: unknown };
  ASSETS?: { fetch(request: Request): Promise<Response> };
}

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(run))));
  return out;
}

/** Whether the static assets have this path: a HEAD through the ASSETS binding, as a visitor would ask. */
async function inAssets(env: DeepEnv, origin: string, path: string): Promise<boolean> {
  if (!env.ASSETS) return false;
  const res = await env.ASSETS.fetch(new Request(new URL(path, origin), { method: 'HEAD' })).catch(() => null);
  await res?.body?.cancel();
  return res?.status === 200;
}

function filesCheck(what: string, checked: number, missing: string[], note = ''): DeepHealth['clientFiles'] {
  const shown = missing.slice(0, MISSING_SHOWN);
  if (missing.length === 0) return { ok: true, detail: `${checked} ${what} reachable${note}`, checked, missing: [] };
  return { ok: false, detail: `${missing.length} of ${checked} ${what} not reachable${note}`, checked, missing: shown };
}

async function clientFiles(env: DeepEnv, store: BuildStore, build: CompleteBuild, origin: string): Promise<DeepHealth['clientFiles']> {
  const files = build.index.code?.clientFiles;
  if (!files)
    return {
      ok: true,
      detail: `build ${build.record.id} records no client files (made before they were recorded)`,
      checked: 0,
      missing: [],
    };
  const reachable = await inBatches(
    files,
    async (path) => (await inAssets(env, origin, path)) || (await store.clientFile(path).catch(() => null)) !== null,
  );
  return filesCheck(
    'client files',
    files.length,
    files.filter((_, i) => !reachable[i]),
  );
}

/** `/media/…` paths in a payload: its blocks and its responsive image variants. */
const MEDIA_PATH = /\/media\/[A-Za-z0-9._~%/-]+/g;

async function media(env: DeepEnv, store: BuildStore, build: CompleteBuild, origin: string): Promise<DeepHealth['media']> {
  const allPages = Object.keys(build.index.pages);
  const pages = allPages.slice(0, DEEP_HEALTH_MAX_PAGES);
  const shown = new Set<string>();
  await inBatches(pages, async (path) => {
    const payload = await store.payload(build, path);
    for (const m of JSON.stringify(payload ?? {}).matchAll(MEDIA_PATH)) shown.add(m[0]);
  });
  const paths = [...shown].sort();
  const reachable = await inBatches(paths, (path) => inAssets(env, origin, path));
  const note = pages.length < allPages.length ? ` (the first ${pages.length} of ${allPages.length} pages)` : '';
  return filesCheck(
    'media files',
    paths.length,
    paths.filter((_, i) => !reachable[i]),
    note,
  );
}

async function formStore(env: DeepEnv): Promise<Pick<DeepHealth, 'd1' | 'forms'>> {
  const db = env.FORMS_DB;
  if (!db) {
    const missing = { ok: false, detail: 'no FORMS_DB binding' };
    return { d1: missing, forms: { ...missing, waiting: null, dead: null } };
  }
  try {
    await db.prepare('SELECT 1').all();
  } catch (err) {
    const down = { ok: false, detail: `SELECT 1 failed: ${String(err).slice(0, 200)}` };
    return { d1: down, forms: { ...down, waiting: null, dead: null } };
  }
  try {
    const { waiting, dead } = await deliveryCounts(db);
    const hint = dead > 0 ? ' (npm run forms -- list --dead)' : '';
    return {
      d1: { ok: true, detail: 'SELECT 1 answered' },
      forms: { ok: true, detail: `${waiting} waiting, ${dead} dead${hint}`, waiting, dead },
    };
  } catch (err) {
    return {
      d1: { ok: true, detail: 'SELECT 1 answered' },
      forms: { ok: false, detail: `form_entries could not be counted: ${String(err).slice(0, 200)}`, waiting: null, dead: null },
    };
  }
}

export async function deepHealth(env: DeepEnv, store: BuildStore, build: CompleteBuild | null, origin: string): Promise<DeepHealth> {
  const noBuild = { ok: false, detail: 'no live build to check', checked: 0, missing: [] };
  const [forms, files, shown] = await Promise.all([
    formStore(env),
    build ? clientFiles(env, store, build, origin) : noBuild,
    build ? media(env, store, build, origin) : noBuild,
  ]);
  const queue =
    typeof env.FORMS_QUEUE?.send === 'function'
      ? { ok: true, detail: 'FORMS_QUEUE is bound (nothing is sent: a message would be delivered)' }
      : { ok: false, detail: 'no FORMS_QUEUE binding: entries of forms with a webhook cannot be delivered' };
  return { ...forms, queue, clientFiles: files, media: shown };
}

export const deepOk = (deep: DeepHealth) => Object.values(deep).every((check) => check.ok);
