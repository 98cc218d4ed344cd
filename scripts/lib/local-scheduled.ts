/**
 * Runs the worker's scheduled() handler on the running dev server (`npm start`), as the cron
 * trigger does on Cloudflare: the form sweep and retention, against the dev server's own D1
 * and queue, whose consumer then delivers what the sweep queued.
 *
 * Why not wrangler's way: `wrangler dev` answers `/cdn-cgi/handler/scheduled` (and
 * `--test-scheduled`'s `/__scheduled`) by handing the event to the static-assets proxy in front
 * of a worker with [assets], which has no scheduled handler, so the answer is a 500 (upstream:
 * cloudflare/workers-sdk#9882, fixed in a later Miniflare by PR #14177). `/__scheduled` needs
 * wrangler to bundle, which `no_bundle` turns off. Every dev server registers its worker in
 * wrangler's dev registry (a folder of one JSON file per worker), with the address of its
 * runtime's debug port; a throwaway Miniflare binds to the worker through that registry, whose
 * proxy sends the event straight to the user worker (`MF-Route-Override`), past the assets proxy.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { z } from 'zod';

/** What a dev server writes in the registry (only what is used here is checked). */
const RegistryEntry = z.looseObject({ debugPortAddress: z.string().min(1) });

const isDir = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Where wrangler keeps its dev registry: as wrangler 4 finds it (WRANGLER_REGISTRY_PATH, else its global config folder). */
export function devRegistryPath(env: NodeJS.ProcessEnv = process.env, home = homedir(), platform = process.platform): string {
  if (env.WRANGLER_REGISTRY_PATH) return env.WRANGLER_REGISTRY_PATH;
  const legacy = join(home, '.wrangler');
  if (isDir(legacy)) return join(legacy, 'registry');
  if (platform === 'darwin') return join(home, 'Library/Preferences/.wrangler/registry');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData/Roaming'), '.wrangler/Config/registry');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), '.wrangler/registry');
}

export interface ScheduledTrigger {
  /** the dev registry folder (devRegistryPath()) */
  registry: string;
  /** the worker's name: wrangler.toml's `name` of the environment the dev server runs */
  worker: string;
  /** the run's scheduled time, ms */
  time: number;
  cron: string;
}

/** Runs the handler once; resolves when it has finished, or fails with a sentence saying why. */
export async function triggerScheduled({ registry, worker, time, cron }: ScheduledTrigger): Promise<void> {
  const text = await readFile(join(registry, worker), 'utf8').catch(() => null);
  if (text === null)
    throw new Error(`no dev server of "${worker}" is running: start one with npm start (wrangler's dev registry ${registry} has no entry)`);
  const parsed = RegistryEntry.safeParse(
    (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success) throw new Error(`the dev registry's entry ${join(registry, worker)} is not what wrangler 4 writes`);
  const mf = new Miniflare({
    unsafeDevRegistryPath: registry,
    workers: [
      {
        name: 'scheduled-trigger',
        modules: true,
        compatibilityDate: '2026-04-20',
        compatibilityFlags: ['service_binding_extra_handlers'],
        serviceBindings: { SITE: { name: worker } },
        script: `export default {
          async fetch(request, env) {
            const { time, cron } = await request.json();
            try {
              return Response.json(await env.SITE.scheduled({ scheduledTime: new Date(time), cron }));
            } catch (err) {
              return Response.json({ outcome: 'exception', error: String(err) });
            }
          },
        };`,
      },
    ],
  });
  try {
    const res = await mf.dispatchFetch('http://trigger.invalid/', { method: 'POST', body: JSON.stringify({ time, cron }) });
    const result = z.looseObject({ outcome: z.string(), error: z.string().optional() }).parse(await res.json());
    if (result.outcome !== 'ok')
      throw new Error(
        `the scheduled handler of "${worker}" ended with "${result.outcome}"${result.error ? `: ${result.error}` : ''} (its log is in npm start's output; a dev server that has stopped leaves its registry entry behind)`,
      );
  } finally {
    await mf.dispose();
  }
}
