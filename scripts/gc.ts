/** `npm run gc -- --keep N [--local | --remote] [--env NAME]`: remove records only older builds use. */
import { KV_TARGET_FLAGS, fail, flags, kvTargetFrom } from './lib/cli';
import { collectGarbage } from './lib/build-admin';
import { withKv } from './lib/kv-client';

const { values } = flags({ ...KV_TARGET_FLAGS, keep: { type: 'string' } });
const keep = Number(values.keep);
if (!Number.isInteger(keep) || keep < 0) fail('usage: npm run gc -- --keep N (N builds to keep besides the live and draft ones)');
try {
  await withKv(kvTargetFrom(values), (kv) => collectGarbage(kv, keep, (line) => process.stdout.write(`${line}\n`)));
} catch (err) {
  fail((err as Error).message);
}
