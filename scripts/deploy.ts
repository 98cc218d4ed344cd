/**
 * `npm run deploy -- --env production [--content DIR] [--draft]`: build, `wrangler deploy` (the
 * worker and its static assets, atomically), then publish to remote KV, records first and
 * the pointer last. Stops before doing anything without CLOUDFLARE_API_TOKEN.
 */
import { resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { fail, flags, kvTargetFrom } from './lib/cli';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';
import { buildSite } from './lib/site-build';
import { runWrangler } from './lib/wrangler';

const { values } = flags({
  env: { type: 'string' },
  content: { type: 'string', default: 'content' },
  draft: { type: 'boolean', default: false },
});
if (!values.env) fail('usage: npm run deploy -- --env production|preview');
const target = kvTargetFrom({ remote: true, env: values.env });

const result = await buildSite({ contentDir: resolve(values.content) });
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  fail(`the content has ${result.problems.length} problem(s); nothing was deployed`);
}
process.stdout.write(`built ${result.build.id}\n`);
try {
  process.stdout.write(await runWrangler(['deploy', '--env', values.env]));
  const files = await readBuildFiles(result.outDir);
  const published = await withKv(target, (kv) =>
    publishBuild(kv, files, { draft: values.draft, log: (line) => process.stdout.write(`${line}\n`) }),
  );
  process.stdout.write(
    `deployed; ${published.alreadyPublished ? 'the build was already published' : `${published.written} KV records written`}\n`,
  );
} catch (err) {
  fail((err as Error).message);
}
