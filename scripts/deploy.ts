/**
 * `npm run deploy -- --env production|preview [--content DIR] [--draft [NAME]]`: build, `wrangler
 * deploy` (the worker and its static assets, atomically), record the worker version wrangler
 * printed under the build's code id (`code/{id}.json`, for rollback), then publish to remote KV,
 * records first and the pointer last. A draft goes to the preview environment only, which publishes
 * only the draft pointer (scripts/lib/deploy-plan.ts). Stops before doing anything without
 * CLOUDFLARE_API_TOKEN.
 */
import { resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { ROOT } from './lib/bundle';
import { command, fail, kvTargetFrom } from './lib/cli';
import { draftTarget, gitBranch } from './lib/drafts';
import { codeOfBuild, codeVersionRecord } from './lib/code-version';
import { applyD1Migrations } from './lib/d1-client';
import { deployPlan, type DeployPlan } from './lib/deploy-plan';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';
import { buildSite } from './lib/site-build';
import { runWrangler } from './lib/wrangler';
import { readWranglerToml } from './lib/wrangler-toml';

const { values, positionals } = command({
  usage: 'npm run deploy -- --env production|preview [--content DIR] [--draft [NAME]]',
  summary: 'Build, deploy the worker and its static files with wrangler, then publish the build to remote KV. Needs CLOUDFLARE_API_TOKEN.',
  options: {
    env: { type: 'string', value: 'NAME', description: 'the wrangler.toml environment to deploy (required)' },
    content: { type: 'string', default: 'content', value: 'DIR', description: 'the content folder to build' },
    draft: {
      type: 'boolean',
      default: false,
      description: 'publish as a draft of the preview environment: the draft NAME follows it (default: the git branch)',
    },
  },
  examples: ['npm run deploy -- --env production', 'npm run deploy -- --env preview --draft spring-campaign'],
});
if (!values.env) fail('usage: npm run deploy -- --env production|preview');
let plan: DeployPlan;
try {
  plan = deployPlan(readWranglerToml(), values.env, { draft: values.draft });
} catch (err) {
  fail((err as Error).message);
}
let draftName: string | null = null;
try {
  if (plan.channel === 'draft' && values.draft)
    draftName = draftTarget(positionals[0], positionals[0] === undefined ? gitBranch(ROOT) : null).name;
} catch (err) {
  fail((err as Error).message);
}
const target = kvTargetFrom({ remote: true, env: plan.env });

const result = await buildSite({ contentDir: resolve(values.content) });
// Broken links a site with allowBrokenLinks builds with (docs/content-model.md#31-links-that-must-lead-somewhere).
for (const warning of result.warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  fail(`the content has ${result.problems.length} problem(s); nothing was deployed`);
}
process.stdout.write(`built ${result.build.id}\n`);
try {
  // The schema first: the worker that is about to go live writes to it.
  process.stdout.write(await applyD1Migrations({ mode: 'remote', env: plan.env }));
  const deployed = await runWrangler(['deploy', '--env', plan.env]);
  process.stdout.write(deployed);
  const files = await readBuildFiles(result.outDir);
  const version = codeVersionRecord(codeOfBuild(files.records, files.id), deployed, Date.now());
  const published = await withKv(target, async (kv) => {
    // Before the pointer: a build is live only once rollback can find the worker that made it.
    if (version.ok) {
      await kv.putMany([version.record]);
      process.stdout.write(`${version.record.key}: ${version.record.value}\n`);
    } else process.stderr.write(`warning: ${version.reason}\n`);
    return publishBuild(kv, files, { draft: plan.channel === 'draft', draftName, log: (line) => process.stdout.write(`${line}\n`) });
  });
  process.stdout.write(
    `deployed; ${published.alreadyPublished ? 'the build was already published' : `${published.written} KV records written`}\n`,
  );
} catch (err) {
  fail((err as Error).message);
}
