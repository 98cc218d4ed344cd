/**
 * `npm start [-- --content DIR] [--port N] [--persist-to DIR] [--env NAME] [--out DIR]`: build the site,
 * publish it to local KV and serve it with `wrangler dev` on http://127.0.0.1:8787. No account,
 * no network. `npm run preview` is the same in the `preview` environment on port 8788: the
 * editors' host, which asks for the PREVIEW_TOKEN (from .dev.vars, or made up for the session).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { ROOT } from './lib/bundle';
import { fail, flags } from './lib/cli';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';
import { buildSite } from './lib/site-build';
import { WRANGLER_BIN, wranglerEnv } from './lib/wrangler';
import { writeWranglerConfigFor } from './lib/wrangler-config';

const { values } = flags({
  content: { type: 'string', default: 'content' },
  port: { type: 'string', default: '8787' },
  'persist-to': { type: 'string' },
  env: { type: 'string' },
  out: { type: 'string', default: 'dist' },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, not "${values.port}"`);
const contentDir = resolve(values.content);
const persistTo = values['persist-to'] ? resolve(values['persist-to']) : undefined;
const env = values.env;
const outDir = resolve(values.out);
const ownBuild = outDir !== join(ROOT, 'dist');

/** The preview token from .dev.vars, if the developer keeps one there. */
async function devVarsToken(): Promise<string | undefined> {
  const text = await readFile(join(ROOT, '.dev.vars'), 'utf8').catch(() => '');
  return text.match(/^PREVIEW_TOKEN\s*=\s*"?([^"\n]+)"?\s*$/m)?.[1];
}

const result = await buildSite({ contentDir, shownContentRoot: relative(process.cwd(), contentDir) || '.', outDir });
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

const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--live-reload=false'];
// A build elsewhere than dist/ gets a config of its own, so two servers never share files.
if (ownBuild) args.push('--config', await writeWranglerConfigFor(outDir));
if (persistTo) args.push('--persist-to', persistTo);
let previewToken: string | undefined;
if (env) {
  args.push('--env', env);
  if (env === 'preview' && !(await devVarsToken())) {
    previewToken = randomBytes(18).toString('base64url');
    args.push('--var', `PREVIEW_TOKEN:${previewToken}`);
  }
}
const dev = spawn(WRANGLER_BIN, args, { cwd: ROOT, env: wranglerEnv({ NODE_ENV: 'production' }), stdio: ['ignore', 'inherit', 'inherit'] });
process.stdout.write(`serving on http://127.0.0.1:${port}\n`);
if (previewToken)
  process.stdout.write(`editors: open http://127.0.0.1:${port}/?token=${previewToken} once (token made for this session)\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('close', (code) => process.exit(code ?? 0));
