/**
 * `npm run rollback -- ID [--local | --remote --env NAME] [--dry-run] [--content-only]`: put an
 * earlier build back live, with the worker version that made it when its code differs
 * (scripts/lib/rollback-plan.ts says in which order, or why not).
 */
import { BuildId } from '../app/build-records';
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { withKv } from './lib/kv-client';
import { rollback } from './lib/rollback';

const { values, positionals } = command({
  usage: 'npm run rollback -- BUILD_ID [--local | --remote --env NAME] [--dry-run] [--content-only]',
  summary: 'Put an earlier build back live, with the worker version that made it when its code differs.',
  options: {
    ...KV_TARGET_FLAGS,
    'dry-run': { type: 'boolean', default: false, description: 'print the plan, change nothing' },
    'content-only': { type: 'boolean', default: false, description: 'move only the content pointer, keep the deployed worker' },
  },
  examples: ['npm run builds', 'npm run rollback -- 0123456789abcdef --remote --env production --dry-run'],
  notes: ['BUILD_ID is the 16 hex digits `npm run builds` lists.'],
});
const id = BuildId.safeParse(positionals[0]);
if (!id.success)
  fail('usage: npm run rollback -- BUILD_ID (16 hex digits; see npm run builds) [--remote --env NAME] [--dry-run] [--content-only]');
const target = kvTargetFrom(values);
try {
  await withKv(target, (kv) =>
    rollback(kv, id.data, {
      remote: target.mode === 'remote' ? { env: target.env } : null,
      contentOnly: values['content-only'],
      dryRun: values['dry-run'],
      log: (line) => process.stdout.write(`${line}\n`),
    }),
  );
} catch (err) {
  fail((err as Error).message);
}
