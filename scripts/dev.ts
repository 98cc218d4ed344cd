/**
 * `npm run dev [-- --content DIR] [--port N] [--out DIR] [--persist-to DIR] [--var NAME:VALUE]`:
 * what `npm start` does (build, publish to the local KV, serve), then watch the content and the
 * code and show every change in the open tabs by itself (docs/development.md):
 *
 *   a page or site.json   the records again, published (only changed payloads are written);
 *                         a tab showing a changed page re-renders it in place, others reload
 *   media, app/, worker/, public/   a whole build beside the served one, copied over it; tabs reload
 *   a content problem     printed with file, line, column and field, and shown in every tab;
 *                         the last good build keeps serving until the file is fixed
 *
 * The tabs hear of it from a small Node server in front of wrangler dev (scripts/lib/dev-proxy.ts),
 * so the worker and client bundle are those `npm start` serves.
 */
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import type { BuildOutput } from './lib/build-records';
import { ROOT } from './lib/bundle';
import { command, fail } from './lib/cli';
import { applyD1Migrations } from './lib/d1-client';
import { DevBuilder, bundleDevClient, pagesOf, type DevBuildResult } from './lib/dev-build';
import { CODE_DIRS, contentChange, rebuildFor } from './lib/dev-changes';
import { freePort, inspectorPort } from './lib/free-port';
import { formatLocatedProblem, locateProblems, type LocatedProblem } from './lib/dev-problems';
import { startDevProxy } from './lib/dev-proxy';
import {
  DEV_WORKER_RELOAD_TIMEOUT_MS,
  exitCodeOf,
  startWranglerDev,
  stateDirFor,
  wranglerDevArgs,
  writeDevVarsBeside,
  SERVE_OPTIONS,
  freeServingPort,
} from './lib/dev-server';
import { watchBatches } from './lib/dev-watch';
import { kvClient } from './lib/kv-client';
import { publishBuild } from './lib/publish';
import { stopOnSignals } from './lib/stop-on-signal';
import { writeWranglerConfigFor } from './lib/wrangler-config';

const { values } = command({
  usage: 'npm run dev -- [--content DIR] [--port N] [--out DIR] [--persist-to DIR] [--var NAME:VALUE]',
  summary:
    'Build, publish to the local KV and serve like npm start, then watch content/ and the code (app/, worker/, public/): ' +
    'a saved page shows in the open tabs by itself, a content problem as an overlay, a code change reloads them.',
  options: {
    ...SERVE_OPTIONS,
    content: { ...SERVE_OPTIONS.content, description: 'the content folder to build and watch' },
    port: { ...SERVE_OPTIONS.port, description: 'the port to open in the browser (127.0.0.1)' },
  },
  examples: ['npm run dev', 'npm run dev -- --content ../my-site --out /tmp/my-site --port 8790'],
  notes: ['Ctrl-C stops it. npm start is the production-like run: none of this is in its pages or bundles.'],
});
const port = await freeServingPort(values.port);

const contentDir = resolve(values.content);
const shownContentRoot = relative(process.cwd(), contentDir) || '.';
const outDir = resolve(values.out);
const persistTo = values['persist-to'] ? resolve(values['persist-to']) : stateDirFor(outDir);
const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (since: number) => `${Math.round(performance.now() - since)} ms`;

const builder = new DevBuilder({
  contentDir,
  shownContentRoot,
  outDir,
  warn: (w) => process.stderr.write(`warning: ${formatProblem(w)}\n`),
});
let devClient = await bundleDevClient();

/** Prints a failed build's problems with their lines and columns; the located problems, for the tabs. */
async function reportProblems(result: Extract<DevBuildResult, { ok: false }>) {
  const located = await locateProblems(result.problems, { contentDir, shownContentRoot });
  for (const p of located) process.stderr.write(`${formatLocatedProblem(p)}\n`);
  return located;
}

let started = performance.now();
say(`building ${shownContentRoot}…`);
const first = await builder.first().catch((err: Error) => fail(`the build stopped: ${err.message.split('\n')[0]}`));
if (!first.ok) {
  await reportProblems(first);
  fail(`the content has ${first.problems.length} problem(s); fix them and run npm run dev again`);
}
say(`built ${first.build.id} (${first.build.pageCount} pages) in ${ms(started)}`);

// One local KV for the session: opening it costs a second, a publish then takes milliseconds.
const kv = kvClient({ mode: 'local', persistTo });
const publish = (build: BuildOutput) =>
  publishBuild(kv, { records: build.records, pointer: build.pointer, id: build.id, sitemap: build.sitemap });
try {
  const { written, reused } = await publish(first.build);
  say(`published to local KV (${relative(ROOT, persistTo) || persistTo}): ${written} records written, ${reused} reused`);
  await applyD1Migrations({ mode: 'local', persistTo });
} catch (err) {
  await kv.close();
  fail((err as Error).message);
}

/** A port for wrangler dev behind the dev server: any free one (below the ephemeral range, free-port.ts). */
const upstreamPort = await freePort();
const devVars = await readFile(join(ROOT, '.dev.vars'), 'utf8').catch(() => '');
const config = outDir !== join(ROOT, 'dist') ? await writeWranglerConfigFor(outDir) : undefined;
if (config) await writeDevVarsBeside(config, devVars);
// The worker reads the live pointer again on every request (0: no isolate memory of it), so a
// publish shows at the next request instead of up to 5 s later.
const vars = [...(values.var ?? []), 'BUILD_POINTER_TTL_MS:0'];
const { args } = wranglerDevArgs({ port: upstreamPort, inspectorPort: await inspectorPort(), config, persistTo, vars, devVars });

/**
 * Wrangler reloads the worker when a file it serves changes, once per file it notices; `done`
 * resolves once it has said "updated and ready" and stayed quiet a moment, so a tab reloaded
 * then gets the new code. Listening starts before the build, so no line is missed.
 */
let onWranglerOutput: (text: string) => void = () => {};
function wranglerReload(): { done: Promise<void>; cancel(): void } {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const giveUp = setTimeout(() => finish(), DEV_WORKER_RELOAD_TIMEOUT_MS);
    finish = () => {
      clearTimeout(giveUp);
      clearTimeout(quiet);
      onWranglerOutput = () => {};
      resolve();
    };
    onWranglerOutput = (text) => {
      if (/Reloading local server/.test(text)) clearTimeout(quiet);
      if (/Local server updated and ready/.test(text)) quiet = setTimeout(() => finish(), 100);
    };
  });
  return { done, cancel: () => finish() };
}

say('wrangler starting…');
started = performance.now();
// Its "Ready on" names the port behind the dev server, which is not the one to open.
const wrangler = startWranglerDev(args, { port: upstreamPort, onOutput: (text) => onWranglerOutput(text), hide: /Ready on http/ });
// Bound before the proxy and watchers exist: a signal while wrangler starts stops it too.
let closeAll: () => Promise<void> = () => kv.close();
const stopper = stopOnSignals(wrangler.child, { beforeExit: () => closeAll() });
// This process ending any other way (fail(), a crash) must not leave wrangler serving either.
process.on('exit', () => {
  if (wrangler.child.exitCode === null && wrangler.child.signalCode === null) wrangler.child.kill('SIGTERM');
});
try {
  await wrangler.answering;
} catch (err) {
  if (stopper.signalled) await stopper.ending;
  wrangler.child.kill('SIGTERM');
  await kv.close();
  fail((err as Error).message);
}
let live = first.build;
const proxy = await startDevProxy({ port, upstreamPort, clientScript: () => devClient, liveBuildId: () => live.id }).catch(
  async (err: Error) => {
    wrangler.child.kill('SIGTERM');
    await kv.close();
    return fail(`cannot listen on port ${port}: ${err.message}`);
  },
);
say(`serving on http://127.0.0.1:${port} (wrangler ready in ${ms(started)})`);

/**
 * A build that throws is code that does not compile (esbuild names file, line and column of
 * each error): shown like a content problem, and the last good build keeps serving.
 */
function codeProblems(err: unknown): Extract<DevBuildResult, { ok: false }> {
  const errors = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) throw err;
  return {
    ok: false,
    problems: errors.map((e): LocatedProblem => ({
      file: e.location?.file ?? '(code)',
      path: 'code',
      message: e.text,
      ...(e.location ? { line: e.location.line, column: e.location.column + 1 } : {}),
    })),
  };
}

let showingProblems = false;
const dirs = { contentDir, root: ROOT };

async function rebuild(files: Set<string>): Promise<void> {
  const kind = rebuildFor(files, dirs);
  if (kind === 'nothing') return;
  const since = performance.now();
  const changedFiles = [...files].map((f) => relative(process.cwd(), f)).join(', ');
  say(`changed: ${changedFiles}`);
  const reload = kind === 'whole' ? wranglerReload() : null;
  const result = await (kind === 'whole' ? builder.whole() : builder.content()).catch(codeProblems);
  if (!result.ok) {
    reload?.cancel();
    const problems = await reportProblems(result);
    proxy.send({ type: 'problems', problems });
    showingProblems = true;
    say(`the build has ${problems.length} problem(s); still serving ${live.id}`);
    return;
  }
  const built = performance.now();
  if (showingProblems) proxy.send({ type: 'fixed' });
  showingProblems = false;
  const [{ written }] = await Promise.all([
    publish(result.build),
    kind === 'whole' ? bundleDevClient().then((code) => (devClient = code)) : null,
  ]);
  const change = contentChange(pagesOf(live), pagesOf(result.build));
  live = result.build;
  if (reload) {
    if (result.served) await reload.done;
    else reload.cancel();
    proxy.send({ type: 'reload' });
  } else {
    proxy.send({ type: 'content', buildId: live.id, ...change });
  }
  const what =
    kind === 'whole' ? 'whole build' : `${change.changed.length} page(s) changed${change.pathsChanged ? ', pages added or removed' : ''}`;
  say(
    `published ${live.id} (${what}, ${written} records written) in ${ms(since)}, the build ${Math.round(built - since)} ms; ${proxy.listeners()} tab(s) told`,
  );
}

const watching = watchBatches([contentDir, ...CODE_DIRS.map((d) => join(ROOT, d))], rebuild);
say(`watching ${shownContentRoot}/ and ${CODE_DIRS.map((d) => `${d}/`).join(', ')}; Ctrl-C stops`);

closeAll = async () => {
  watching.close();
  await proxy.close();
  await kv.close().catch(() => undefined);
};
wrangler.child.on('close', (code, signal) => {
  if (!stopper.signalled) void closeAll().then(() => process.exit(exitCodeOf(code, signal)));
});
