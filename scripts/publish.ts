/**
 * `npm run publish [-- --local | --remote] [--env NAME] [--draft] [--persist-to DIR] [--dist DIR]`:
 * write dist/kv to Workers KV, the pointer last (see scripts/lib/publish.ts).
 */
import { resolve } from 'node:path';
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';

const { values } = command({
  usage: 'npm run publish -- [--local | --remote] [--env NAME] [--draft] [--persist-to DIR] [--dist DIR]',
  summary: 'Write a build (npm run build) to Workers KV: its records first, the live (or draft) pointer last.',
  options: {
    ...KV_TARGET_FLAGS,
    draft: { type: 'boolean', default: false, description: 'point the draft (the preview host) at it, not the live site' },
    dist: { type: 'string', default: 'dist', value: 'DIR', description: 'the build to publish' },
  },
  examples: ['npm run build && npm run publish', 'npm run publish -- --remote --env production'],
});
const target = kvTargetFrom(values);

try {
  const files = await readBuildFiles(resolve(values.dist));
  const result = await withKv(target, (kv) =>
    // Its steps are chatter (stderr); the result line below is the answer (stdout).
    publishBuild(kv, files, { draft: values.draft, log: (line) => process.stderr.write(`${line}\n`) }),
  );
  process.stdout.write(
    result.alreadyPublished
      ? `build ${result.id} was already published: 0 records written\n`
      : `published ${result.id} to ${target.mode} KV${values.draft ? ' as the draft' : ''}: ${result.written} records written, ${result.reused} reused\n`,
  );
} catch (err) {
  fail((err as Error).message);
}
