/**
 * Starts the site the way a newcomer does (`npm start`: build, publish to local KV,
 * wrangler dev) on a free port with its own KV state, and stops the whole process tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_CONTENT, REPO_ROOT, tempDir } from './built-site';
import { freePort } from '../../scripts/lib/free-port';
import { PREVIEW_TEST_SHARE_SECRET, runServicesUrl, sharedSite, type SiteKind } from './run-services';

export interface RunningSite {
  url: string;
  /** on the shared preview server: the port its CMS origin, `http://localhost:PORT`, listens on */
  cmsPort?: number;
  /** the local KV state directory the server reads (`--persist-to`) */
  state: string;
  output: () => string;
  /** the pid of the server's tsx (npm's with viaNpm), which leads its process group (a server of this file's own only) */
  pid?: number;
  stop(): Promise<void>;
}

async function waitForReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      // Health is open on the preview host too, and 200 once the published build reads back.
      // And npm start has said so: what it prints with "serving on" (the editors' token link)
      // comes after its own check that the server answers, which may be later than this one's.
      const res = await fetch(`${url}/_app/health`);
      if (res.status === 200 && /^serving on /m.test(output())) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start was not ready within ${timeoutMs} ms:\n${output()}`);
}

export async function startSite({
  content,
  env,
  vars = {},
  viaNpm = false,
}: {
  content?: string;
  env?: string;
  /** variables for this server only (`npm start -- --var NAME:VALUE`) */
  vars?: Record<string, string>;
  /** run as `npm start --` (one npm process more, a fraction of a second), for a test of what npm passes on */
  viaNpm?: boolean;
} = {}): Promise<RunningSite> {
  const port = await freePort();
  const state = await tempDir('state');
  // Its own build: `npm start` in another terminal or test rewrites dist/ under a running server.
  const out = await tempDir('server-dist');
  const args = ['scripts/start.ts', '--port', String(port), '--persist-to', state, '--out', out];
  if (content) args.push('--content', content);
  if (env) args.push('--env', env);
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  let log = '';
  // Its own process group, so stop() ends wrangler and both workerd processes with it.
  const child = spawn(viaNpm ? 'npm' : join(REPO_ROOT, 'node_modules/.bin/tsx'), viaNpm ? ['start', '--', ...args.slice(1)] : args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
    await rm(state, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  };
  try {
    await waitForReady(url, child, () => log, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, state, output: () => log, pid: child.pid!, stop };
}

/**
 * The run's one server of a kind (test/global-setup.ts starts it when a file first asks, and
 * stops it when the run ends; see SiteKind), for files that only read the site, or that put
 * back what they change before they end. Without the global setup this is a server of the
 * file's own.
 */
export async function startSharedSite(kind: SiteKind = 'repo'): Promise<RunningSite> {
  if (!runServicesUrl()) return startSharedKind(kind);
  const { url, state, output, cmsPort } = await sharedSite(kind);
  return { url, state, output: () => output, stop: async () => {}, ...(cmsPort ? { cmsPort } : {}) };
}

/** Starts a server of a shared kind (the global setup's, or a file's own when there is none). */
export async function startSharedKind(kind: SiteKind): Promise<RunningSite> {
  if (kind === 'repo') return startSite();
  if (kind === 'preview') {
    const cmsPort = await freePort();
    const vars = { PREVIEW_ORIGINS: `http://localhost:${cmsPort}`, PREVIEW_SHARE_SECRET: PREVIEW_TEST_SHARE_SECRET };
    return { ...(await startSite({ env: 'preview', vars })), cmsPort };
  }
  const contentDir = await tempDir('tag-manager-content');
  const { copyWithTagManager } = await import('../../bench/lib/audit/tag-manager-site');
  await copyWithTagManager(REPO_CONTENT, contentDir);
  const site = await startSite({ content: contentDir });
  return {
    ...site,
    stop: async () => {
      await site.stop();
      await rm(contentDir, { recursive: true, force: true });
    },
  };
}

/** Builds a content directory and publishes it to a running site's local KV, pointer last. */
export async function publishToSite(site: RunningSite, contentDir: string): Promise<string> {
  const { buildSite } = await import('../../scripts/lib/site-build');
  const { publishBuild, readBuildFiles } = await import('../../scripts/lib/publish');
  const { withKv } = await import('../../scripts/lib/kv-client');
  const outDir = await tempDir('republish');
  try {
    const result = await buildSite({ contentDir, outDir });
    if (!result.ok) throw new Error('content does not build');
    const files = await readBuildFiles(outDir);
    await withKv({ mode: 'local', persistTo: site.state }, (kv) => publishBuild(kv, files));
    return result.build.id;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Publishes a content directory to a shared server, and gives the way back: `putBack` rolls the
 * server back to the build it served before and waits until it serves that one again (the
 * worker trusts a pointer it read for BUILD_POINTER_TTL_MS), so the files after this one see
 * the server as it was.
 */
export async function publishUntilPutBack(
  site: RunningSite,
  contentDir: string,
): Promise<{ buildId: string; putBack: () => Promise<void> }> {
  const liveId = async () => ((await (await fetch(`${site.url}/_app/builds/latest.json`)).json()) as { id: string }).id;
  const servesBuild = async (id: string) => {
    const deadline = Date.now() + 30_000;
    while ((await liveId()) !== id) {
      if (Date.now() > deadline) throw new Error(`the shared server does not serve build ${id} 30 s after it went live`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const before = await liveId();
  const putBack = async () => {
    const { rollback } = await import('../../scripts/lib/rollback');
    const { withKv } = await import('../../scripts/lib/kv-client');
    await withKv({ mode: 'local', persistTo: site.state }, (kv) => rollback(kv, before, { by: 'e2e', message: 'put back after a test' }));
    await servesBuild(before);
  };
  try {
    const buildId = await publishToSite(site, contentDir);
    await servesBuild(buildId);
    return { buildId, putBack };
  } catch (err) {
    await putBack().catch(() => undefined);
    throw err;
  }
}
