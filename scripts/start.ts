/**
 * `npm start [-- --content DIR] [--port N] [--persist-to DIR] [--env NAME] [--out DIR] [--var NAME:VALUE]`:
 * build the site, publish it to local KV and serve it with `wrangler dev` on http://127.0.0.1:8787.
 * No account, no network. `npm run preview` is the same in the `preview` environment on port
 * 8788: the editors' host, which asks for the PREVIEW_TOKEN and signs share links with the
 * PREVIEW_SHARE_SECRET (each from .dev.vars, or made up for the session), with each named draft
 * at http://NAME.preview.localhost:8788. `--var` sets a variable for this server only, e.g.
 * `--var PREVIEW_ORIGINS:http://localhost:3000`.
 *
 * A busy port is refused before anything is built, and "serving on" is printed once the server
 * answers. Each `--out` has local state of its own (stateDirFor in scripts/lib/dev-server.ts),
 * so a second server of other content never switches the first one's live build.
 */
import { join, relative, resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { inspectorPort } from './lib/free-port';
import { LOCAL_PREVIEW_BASE } from '../app/drafts';
import { ROOT } from './lib/bundle';
import { command, fail } from './lib/cli';
import { applyD1Migrations } from './lib/d1-client';
import {
  exitCodeOf,
  startWranglerDev,
  stateDirFor,
  wranglerDevArgs,
  writeDevVarsBeside,
  SERVE_OPTIONS,
  freeServingPort,
} from './lib/dev-server';
import { devVar } from './lib/preview-link';
import { localPreviewDevVars } from './lib/preview-link-local';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';
import { buildSite } from './lib/site-build';
import { stopOnSignals } from './lib/stop-on-signal';
import { writeWranglerConfigFor } from './lib/wrangler-config';
import { MIN_SECRET_LENGTH } from '../worker/config';

const { values } = command({
  usage: 'npm start -- [--content DIR] [--port N] [--persist-to DIR] [--env NAME] [--out DIR] [--var NAME:VALUE]',
  summary: 'Build the site, publish it to the local KV and serve it with wrangler dev. No account, no network.',
  options: {
    ...SERVE_OPTIONS,
    env: { type: 'string', value: 'NAME', description: "a wrangler.toml environment (preview: the editors' host)" },
  },
  examples: ['npm start', 'npm run preview -- --var PREVIEW_ORIGINS:http://localhost:3000'],
});
const port = await freeServingPort(values.port);
const contentDir = resolve(values.content);
const env = values.env;
const outDir = resolve(values.out);
const ownBuild = outDir !== join(ROOT, 'dist');
const persistTo = values['persist-to'] ? resolve(values['persist-to']) : stateDirFor(outDir);
if (!values['persist-to'] && ownBuild)
  process.stdout.write(`local state of ${relative(ROOT, outDir) || outDir}: ${relative(ROOT, persistTo)}\n`);

const vars = [values.var ?? []].flat();
// In preview, the share secret is kept in .dev.vars and the port recorded, for npm run preview-link.
const devVars = await localPreviewDevVars({
  root: ROOT,
  env,
  port,
  persistTo,
  ownBuild,
  vars,
  log: (line) => process.stdout.write(`${line}\n`),
});
for (const name of env === 'preview' ? ['PREVIEW_TOKEN', 'PREVIEW_SHARE_SECRET'] : []) {
  const value = devVar(devVars, name);
  // The preview host would refuse it (the 503 "not configured"); say so before building.
  if (value !== undefined && value.length < MIN_SECRET_LENGTH) fail(`${name} in .dev.vars is shorter than ${MIN_SECRET_LENGTH} characters`);
}

const result = await buildSite({ contentDir, shownContentRoot: relative(process.cwd(), contentDir) || '.', outDir }).catch((err: Error) =>
  fail(`the build stopped: ${err.message.split('\n')[0]}`),
);
// Broken links a site with allowBrokenLinks builds with (docs/content-model.md#31-links-that-must-lead-somewhere).
for (const warning of result.warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  fail(`the content has ${result.problems.length} problem(s); nothing was published`);
}
process.stdout.write(`built ${result.build.id} (${result.build.pageCount} pages)\n`);
try {
  const files = await readBuildFiles(result.outDir);
  const { written, reused } = await withKv({ mode: 'local', persistTo, env }, (kv) => publishBuild(kv, files));
  process.stdout.write(`published to local KV: ${written} records written, ${reused} reused\n`);
} catch (err) {
  fail((err as Error).message);
}

// The form entries' schema (migrations/), in the local state wrangler dev is about to use.
try {
  await applyD1Migrations({ mode: 'local', persistTo, env });
  process.stdout.write('form entries database (FORMS_DB) migrated\n');
} catch (err) {
  fail((err as Error).message);
}

// A build elsewhere than dist/ gets a config of its own, so two servers never share files; so
// does an environment, whose routes the copy leaves out: wrangler dev would otherwise hand the
// worker every request as if for the first route's host, and `{name}.preview.localhost` would
// not reach its draft (writeWranglerConfigFor's withoutRoutes). wrangler reads .dev.vars beside
// its config, so the repository's goes there too.
const config = ownBuild || env !== undefined ? await writeWranglerConfigFor(outDir, { withoutRoutes: true }) : undefined;
if (config) await writeDevVarsBeside(config, devVars);
const { args, previewToken } = wranglerDevArgs({ port, inspectorPort: await inspectorPort(), config, persistTo, env, vars, devVars });
process.stdout.write(`wrangler starting on port ${port}…\n`);
const { child: dev, answering } = startWranglerDev(args, { port });
const stopper = stopOnSignals(dev);
try {
  await answering;
} catch (err) {
  // wrangler ended by a signal to this script: the stop ends it, with the signal's exit code.
  if (stopper.signalled) await stopper.ending;
  dev.kill('SIGTERM');
  fail((err as Error).message);
}
// One write, so whoever waits for "serving on" has the token line with it.
const tokenLine = previewToken ? `editors: open http://127.0.0.1:${port}/?token=${previewToken} once (token made for this session)\n` : '';
// Named drafts have hosts of their own; a sign-in on 127.0.0.1 (an address, no subdomains) covers only it.
const draftsLine =
  env === 'preview'
    ? `named drafts: http://NAME.${LOCAL_PREVIEW_BASE}:${port}/; one sign-in at http://${LOCAL_PREVIEW_BASE}:${port}/?token=${previewToken ?? '…'} covers them all\n`
    : '';
process.stdout.write(`serving on http://127.0.0.1:${port}\n${tokenLine}${draftsLine}`);
dev.on('close', (code, signal) => {
  if (!stopper.signalled) process.exit(exitCodeOf(code, signal));
});
