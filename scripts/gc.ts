/**
 * `npm run gc -- [--keep N] [--force] [--dry-run] [--local | --remote] [--env NAME]`: remove what
 * only older builds use. Keeps the live and draft builds, every build live within the edge cache
 * lifetime (unless --force), and the N most recently published (default DEFAULT_GC_KEEP_BUILDS).
 */
import { KV_TARGET_FLAGS, fail, flags, kvTargetFrom } from './lib/cli';
import { collectGarbage } from './lib/build-admin';
import { DEFAULT_GC_KEEP_BUILDS } from './lib/gc-plan';
import { withKv } from './lib/kv-client';

const { values } = flags({
  ...KV_TARGET_FLAGS,
  keep: { type: 'string', default: String(DEFAULT_GC_KEEP_BUILDS) },
  force: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
});
const keep = Number(values.keep);
if (!/^\d+$/.test(values.keep) || !Number.isSafeInteger(keep))
  fail(`usage: npm run gc -- --keep N (N most recently published builds to keep besides those in use; default ${DEFAULT_GC_KEEP_BUILDS})`);
try {
  await withKv(kvTargetFrom(values), (kv) =>
    collectGarbage(kv, { keep, force: values.force, dryRun: values['dry-run'], log: (line) => process.stdout.write(`${line}\n`) }),
  );
} catch (err) {
  fail((err as Error).message);
}
