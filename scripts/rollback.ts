/**
 * `npm run rollback -- BUILD_ID|--previous [--local | --remote --env NAME] [--message WHY]
 * [--force] [--dry-run] [--content-only]`: put an earlier build back live, with the worker
 * version that made it when its code differs (scripts/lib/rollback-plan.ts says in which order,
 * or why not). The move goes into the release log with who made it and why.
 */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { withKv } from './lib/kv-client';
import { LogMessage } from './lib/release';
import { rollback, rollbackTarget } from './lib/rollback';

const USAGE =
  'npm run rollback -- BUILD_ID|--previous [--local | --remote --env NAME] [--message WHY] [--force] [--dry-run] [--content-only]';
const { values, positionals } = command({
  usage: USAGE,
  summary: 'Put an earlier build back live, with the worker version that made it when its code differs.',
  options: {
    ...KV_TARGET_FLAGS,
    previous: { type: 'boolean', default: false, description: 'the build that was live before the current one (from the release log)' },
    message: { type: 'string', value: 'WHY', description: 'why, kept in the release log with who rolled back' },
    force: { type: 'boolean', default: false, description: 'allow a build that was never live (a draft)' },
    'dry-run': { type: 'boolean', default: false, description: 'print the plan, change nothing' },
    'content-only': { type: 'boolean', default: false, description: 'move only the content pointer, keep the deployed worker' },
  },
  examples: [
    'npm run rollback -- --previous --message "broken checkout page"',
    'npm run rollback -- 0123abcd --remote --env production --dry-run',
  ],
  notes: ['BUILD_ID is an id `npm run builds` lists, or a prefix of it (4 or more digits) that only one build starts with.'],
});
if (values.previous === (positionals[0] !== undefined) || positionals.length > 1)
  fail(`name one build, by id or --previous (usage: ${USAGE})`);
const message = values.message === undefined ? undefined : LogMessage.safeParse(values.message);
if (message && !message.success) fail(`--message: ${message.error.issues[0]!.message}`);
const target = kvTargetFrom(values);

try {
  await withKv(target, async (kv) => {
    const id = await rollbackTarget(kv, values.previous ? { previous: true } : { prefix: positionals[0]! });
    return rollback(kv, id, {
      remote: target.mode === 'remote' ? { env: target.env } : null,
      contentOnly: values['content-only'],
      dryRun: values['dry-run'],
      force: values.force,
      ...(message ? { message: message.data } : {}),
      log: (line) => process.stdout.write(`${line}\n`),
    });
  });
} catch (err) {
  fail((err as Error).message);
}
