/**
 * `npm run publish [-- --local | --remote] [--env NAME] [--draft] [--persist-to DIR] [--dist DIR]`:
 * write dist/kv to Workers KV, the pointer last (see scripts/lib/publish.ts).
 */
import { resolve } from 'node:path';
import { KV_TARGET_FLAGS, fail, flags, kvTargetFrom } from './lib/cli';
import { withKv } from './lib/kv-client';
import { publishBuild, readBuildFiles } from './lib/publish';

const { values } = flags({ ...KV_TARGET_FLAGS, draft: { type: 'boolean', default: false }, dist: { type: 'string', default: 'dist' } });
const target = kvTargetFrom(values);

try {
  const files = await readBuildFiles(resolve(values.dist));
  const result = await withKv(target, (kv) =>
    publishBuild(kv, files, { draft: values.draft, log: (line) => process.stdout.write(`${line}\n`) }),
  );
  process.stdout.write(
    result.alreadyPublished
      ? `build ${result.id} was already published: 0 records written\n`
      : `published ${result.id} to ${target.mode} KV${values.draft ? ' as the draft' : ''}: ${result.written} records written, ${result.reused} reused\n`,
  );
} catch (err) {
  fail((err as Error).message);
}
