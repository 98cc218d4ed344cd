/**
 * `npm start [-- --content DIR] [--port N] [--persist-to DIR]`: build the site, publish it to
 * local KV and serve it with `wrangler dev` on http://127.0.0.1:8787. No account, no network.
 */
import { spawn } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { ROOT } from './lib/bundle';
import { fail, flags } from './lib/cli';
import { publishBuild } from './lib/publish';
import { buildSite } from './lib/site-build';
import { WRANGLER_BIN, wranglerEnv } from './lib/wrangler';

const { values } = flags({
  content: { type: 'string', default: 'content' },
  port: { type: 'string', default: '8787' },
  'persist-to': { type: 'string' },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, not "${values.port}"`);
const contentDir = resolve(values.content as string);
const persistTo = values['persist-to'] ? resolve(values['persist-to'] as string) : undefined;

const result = await buildSite({ contentDir, shownContentRoot: relative(process.cwd(), contentDir) || '.' });
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  fail(`the content has ${result.problems.length} problem(s); nothing was published`);
}
process.stdout.write(`built ${result.build.id} (${result.build.pageCount} pages)\n`);
try {
  const { written } = await publishBuild(result.outDir, { mode: 'local', persistTo });
  process.stdout.write(`published ${written} records to local KV\n`);
} catch (err) {
  fail((err as Error).message);
}

const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--live-reload=false'];
if (persistTo) args.push('--persist-to', persistTo);
const dev = spawn(WRANGLER_BIN, args, { cwd: ROOT, env: wranglerEnv({ NODE_ENV: 'production' }), stdio: ['ignore', 'inherit', 'inherit'] });
process.stdout.write(`serving on http://127.0.0.1:${port}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('close', (code) => process.exit(code ?? 0));
