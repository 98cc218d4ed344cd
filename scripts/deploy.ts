/**
 * `npm run deploy -- --env production|preview [--content DIR] [--draft [NAME]]`: build, `wrangler
 * deploy` (the worker and its static assets, atomically), record the worker version wrangler
 * printed under the build's code id (`code/{id}.json`, for rollback), then publish to remote KV,
 * records first and the pointer last. A draft goes to the preview environment only, which publishes
 * only the draft pointer (scripts/lib/deploy-plan.ts). Stops before doing anything without
 * CLOUDFLARE_API_TOKEN.
 *
 * `--dry-run` builds (or takes `--dist`) and checks what the deploy depends on, changing nothing
 * (scripts/lib/preflight.ts); without a token it runs the checks that need none and names the rest.
 */
import { resolve } from 'node:path';
import { formatProblem } from '../app/content/issues';
import { kvKeys } from '../app/kv-keys';
import { ROOT } from './lib/bundle';
import { command, fail, kvTargetFrom } from './lib/cli';
import { draftTarget, gitBranch } from './lib/drafts';
import { codeOfBuild, codeVersionRecord } from './lib/code-version';
import { applyD1Migrations } from './lib/d1-client';
import { deployDryRun } from './lib/deploy-dry-run';
import { deployPlan, type DeployPlan } from './lib/deploy-plan';
import { withKv } from './lib/kv-client';
import { parsePointer, publishBuild, readBuildFiles } from './lib/publish';
import { buildSite } from './lib/site-build';
import { rollback } from './lib/rollback';
import { originOfRoutes, rollbackCommand, runSmoke, smokeLines, smokePassed } from './lib/smoke';
import { runWrangler } from './lib/wrangler';
import { readWranglerToml } from './lib/wrangler-toml';

const { values, positionals } = command({
  usage: 'npm run deploy -- --env production|preview [--content DIR] [--draft [NAME]] [--dry-run [--dist DIR]]',
  summary: 'Build, deploy the worker and its static files with wrangler, then publish the build to remote KV. Needs CLOUDFLARE_API_TOKEN.',
  options: {
    env: { type: 'string', value: 'NAME', description: 'the wrangler.toml environment to deploy (required)' },
    content: { type: 'string', default: 'content', value: 'DIR', description: 'the content folder to build' },
    draft: {
      type: 'boolean',
      default: false,
      description: 'publish as a draft of the preview environment: the draft NAME follows it (default: the git branch)',
    },
    origin: { type: 'string', value: 'URL', description: "the origin to smoke-test (default: the environment's first route)" },
    'rollback-on-failure': { type: 'boolean', default: false, description: 'roll back to the build live before when the smoke test fails' },
    'dry-run': {
      type: 'boolean',
      default: false,
      description: 'check placeholders, bindings, secrets, migrations and upload size; change nothing (remote checks need the token)',
    },
    dist: { type: 'string', value: 'DIR', description: 'with --dry-run: check this build instead of building --content' },
  },
  examples: [
    'npm run deploy -- --env production --dry-run',
    'npm run deploy -- --env production',
    'npm run deploy -- --env preview --draft spring-campaign',
  ],
  notes: ['--dry-run prints one line per problem and exits 1 if there is any, else a "ready" line and exits 0.'],
});
if (!values.env) fail('usage: npm run deploy -- --env production|preview');
let plan: DeployPlan;
try {
  plan = deployPlan(readWranglerToml(), values.env, { draft: values.draft });
} catch (err) {
  fail((err as Error).message);
}
const dryRun = values['dry-run'];
if (values.dist && !dryRun) fail('--dist checks an existing build with --dry-run; a deploy builds --content itself');
let draftName: string | null = null;
try {
  if (plan.channel === 'draft' && values.draft)
    draftName = draftTarget(positionals[0], positionals[0] === undefined ? gitBranch(ROOT) : null).name;
} catch (err) {
  fail((err as Error).message);
}
const target = dryRun ? null : kvTargetFrom({ remote: true, env: plan.env });

/** `--dry-run`: one line per problem (exit 1), else "ready" (exit 0); never reaches the deploy. */
async function checkBeforeDeploy(outDir: string, buildId: string): Promise<never> {
  const token = Boolean(process.env.CLOUDFLARE_API_TOKEN);
  const checks = await deployDryRun(
    { env: plan.env, outDir, d1: token ? { mode: 'remote', env: plan.env } : null, remoteSecrets: token },
    buildId,
  ).catch((err: Error) => fail(err.message));
  process.stdout.write(`checked: ${checks.checked.join('; ')}\n`);
  for (const line of checks.skipped) process.stdout.write(`skipped: ${line}\n`);
  for (const problem of checks.problems) process.stderr.write(`problem: ${problem}\n`);
  if (checks.problems.length > 0) fail(`${checks.problems.length} problem(s) before a deploy to ${plan.env}; nothing was changed`);
  const skipped = checks.skipped.length ? ` (${checks.skipped.length} remote check(s) skipped)` : '';
  process.stdout.write(`ready: build ${buildId} to ${plan.env} as the ${plan.channel} build${skipped}; nothing was changed\n`);
  process.exit(0);
}

if (dryRun && values.dist) {
  const dist = resolve(values.dist);
  const files = await readBuildFiles(dist).catch((err: Error) =>
    fail(`--dist ${dist} is not a build (${err.message.split('\n')[0]}): run npm run build, or leave --dist out`),
  );
  await checkBeforeDeploy(dist, files.id);
}

// Set inside the publish's callback, which control-flow analysis does not follow.
let previous = null as string | null;
const result = await buildSite({ contentDir: resolve(values.content) });
// Broken links a site with allowBrokenLinks builds with (docs/content-model.md#31-links-that-must-lead-somewhere).
for (const warning of result.warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(formatProblem(problem) + '\n');
  fail(`the content has ${result.problems.length} problem(s); nothing was deployed`);
}
process.stdout.write(`built ${result.build.id}\n`);
if (dryRun) await checkBeforeDeploy(result.outDir, result.build.id);
try {
  // The schema first: the worker that is about to go live writes to it.
  process.stdout.write(await applyD1Migrations({ mode: 'remote', env: plan.env }));
  const deployed = await runWrangler(['deploy', '--env', plan.env]);
  process.stdout.write(deployed);
  const files = await readBuildFiles(result.outDir);
  const version = codeVersionRecord(codeOfBuild(files.records, files.id), deployed, Date.now());
  const published = await withKv(target!, async (kv) => {
    // Before the pointer: a build is live only once rollback can find the worker that made it.
    if (version.ok) {
      await kv.putMany([version.record]);
      process.stdout.write(`${version.record.key}: ${version.record.value}\n`);
    } else process.stderr.write(`warning: ${version.reason}\n`);
    // What the smoke test's rollback command puts back.
    if (plan.channel === 'live') previous = parsePointer((await kv.getMany([kvKeys.latest])).get(kvKeys.latest));
    return publishBuild(kv, files, { draft: plan.channel === 'draft', draftName, log: (line) => process.stdout.write(`${line}\n`) });
  });
  process.stdout.write(
    `deployed; ${published.alreadyPublished ? 'the build was already published' : `${published.written} KV records written`}\n`,
  );
} catch (err) {
  fail((err as Error).message);
}

// The smoke test of what is now live (scripts/lib/smoke.ts); a draft is behind the preview gate.
if (plan.channel === 'live') {
  const origin = values.origin ?? originOfRoutes(readWranglerToml().env?.[plan.env]?.routes);
  if (!origin) fail(`wrangler.toml gives env.${plan.env} no route: smoke-test with npm run smoke -- ORIGIN --env ${plan.env}`);
  const checks = await runSmoke({ origin, ...(process.env.HEALTH_TOKEN ? { healthToken: process.env.HEALTH_TOKEN } : {}) });
  process.stdout.write(smokeLines(checks));
  if (!smokePassed(checks)) {
    const before = previous === result.build.id ? null : previous;
    const command = rollbackCommand(before, plan.env);
    if (!values['rollback-on-failure'] || !before) fail(`smoke test failed on ${origin}; to put back the build live before:\n  ${command}`);
    process.stderr.write(`smoke test failed on ${origin}; rolling back: ${command}\n`);
    try {
      await withKv(target!, (kv) => rollback(kv, before, { remote: { env: plan.env }, log: (line) => process.stdout.write(`${line}\n`) }));
    } catch (err) {
      fail(`the rollback failed: ${(err as Error).message}`);
    }
    fail(`smoke test failed; rolled back to ${before}`);
  }
}
