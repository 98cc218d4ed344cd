/**
 * `npm run publish [-- --local | --remote] [--env NAME] [--draft [NAME]] [--persist-to DIR] [--dist DIR]`:
 * write dist/kv to Workers KV, the pointer last (see scripts/lib/publish.ts).
 */
import { resolve } from 'node:path';
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { ROOT } from './lib/bundle';
import { draftTarget, gitBranch } from './lib/drafts';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';

const { values, positionals } = command({
  usage: 'npm run publish -- [--local | --remote] [--env NAME] [--draft [NAME]] [--persist-to DIR] [--dist DIR]',
  summary: 'Write a build (npm run build) to Workers KV: its records first, the live (or a draft) pointer last.',
  options: {
    ...KV_TARGET_FLAGS,
    draft: {
      type: 'boolean',
      default: false,
      description: 'publish as a draft for the preview host, not the live site: the draft NAME follows it (default: the git branch)',
    },
    dist: { type: 'string', default: 'dist', value: 'DIR', description: 'the build to publish' },
  },
  examples: [
    'npm run build && npm run publish',
    'npm run publish -- --draft spring-campaign',
    'npm run publish -- --remote --env production',
  ],
  notes: [
    'A named draft is served at {NAME}.{preview host} once deployed, and by npm run preview at http://{NAME}.preview.localhost:8788 (docs/editors.md#named-drafts).',
    'Without a name, on the main or master branch, or outside a branch, --draft is the unnamed draft at the preview host itself.',
  ],
});
if (positionals.length > (values.draft ? 1 : 0)) fail(`unexpected argument "${positionals.at(-1)}": only --draft takes a name`);
const target = kvTargetFrom(values);
let draftName: string | null = null;
if (values.draft) {
  try {
    const chosen = draftTarget(positionals[0], positionals[0] === undefined ? gitBranch(ROOT) : null);
    draftName = chosen.name;
    process.stdout.write(`draft: ${chosen.name ?? 'the unnamed draft'} (${chosen.why})\n`);
  } catch (err) {
    fail((err as Error).message);
  }
  // The local preview host (npm run preview) reads the preview environment's local KV: a draft
  // written to the default one would never show.
  if (target.mode === 'local' && target.env === undefined) {
    target.env = 'preview';
    process.stdout.write('local draft: writing to the preview environment’s local KV, which npm run preview serves\n');
  }
}

try {
  const files = await readBuildFiles(resolve(values.dist));
  const result = await withKv(target, (kv) =>
    // Its steps are chatter (stderr); the result line below is the answer (stdout).
    publishBuild(kv, files, { draft: values.draft, draftName, log: (line) => process.stderr.write(`${line}\n`) }),
  );
  const as = values.draft ? (draftName ? ` as the draft ${draftName}` : ' as the draft') : '';
  process.stdout.write(
    result.alreadyPublished
      ? `build ${result.id} was already published${as}: 0 records written\n`
      : `published ${result.id} to ${target.mode} KV${as}: ${result.written} records written, ${result.reused} reused\n`,
  );
} catch (err) {
  fail((err as Error).message);
}
