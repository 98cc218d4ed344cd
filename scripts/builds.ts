/** `npm run builds [-- --local | --remote] [--env NAME]`: the builds in KV, newest first. */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { listBuilds } from './lib/build-admin';
import { withKv } from './lib/kv-client';

const { values } = command({
  usage: 'npm run builds -- [--local | --remote] [--env NAME]',
  summary: 'The builds published to KV, newest first, with the live and draft builds marked.',
  options: KV_TARGET_FLAGS,
  examples: ['npm run builds', 'npm run builds -- --remote --env production'],
});
try {
  const builds = await withKv(kvTargetFrom(values), listBuilds);
  if (builds.length === 0) process.stdout.write('no builds published\n');
  for (const b of builds) {
    const marks = [b.live && 'LIVE', b.draft && 'DRAFT'].filter(Boolean).join(' ');
    process.stdout.write(`${b.id}  ${new Date(b.timestamp).toISOString()}  ${String(b.pages).padStart(6)} pages  ${marks}\n`);
  }
} catch (err) {
  fail((err as Error).message);
}
