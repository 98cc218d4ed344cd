/** `npm run rollback -- ID [--local | --remote] [--env NAME]`: point the live site at an earlier build still in KV. */
import { BuildId } from '../app/build-records';
import { KV_TARGET_FLAGS, fail, flags, kvTargetFrom } from './lib/cli';
import { rollback } from './lib/build-admin';
import { withKv } from './lib/kv-client';

const { values, positionals } = flags(KV_TARGET_FLAGS);
const id = BuildId.safeParse(positionals[0]);
if (!id.success) fail('usage: npm run rollback -- BUILD_ID (16 hex digits; see npm run builds)');
try {
  await withKv(kvTargetFrom(values), (kv) => rollback(kv, id.data, (line) => process.stdout.write(`${line}\n`)));
} catch (err) {
  fail((err as Error).message);
}
