/**
 * `npm run builds [-- --local | --remote] [--env NAME] [--json]`: the builds in KV, newest first,
 * with who published each from which commit and what it changed (scripts/lib/build-history.ts).
 */
import { KV_TARGET_FLAGS, command, fail, kvTargetFrom } from './lib/cli';
import { buildHistory, formatBuildsTable } from './lib/build-history';
import { withKv } from './lib/kv-client';

const { values } = command({
  usage: 'npm run builds -- [--local | --remote] [--env NAME] [--json]',
  summary:
    'The builds published to KV, newest first: when each was first published, by whom, from which commit, ' +
    'the pages it added, changed and removed against the build live then, and which is LIVE and DRAFT.',
  options: {
    ...KV_TARGET_FLAGS,
    json: { type: 'boolean', default: false, description: 'print one JSON document (for scripts) instead of the table' },
  },
  examples: ['npm run builds', 'npm run builds -- --remote --env production --json'],
  notes: [
    'A build id may be shortened to a unique prefix of 4 or more digits wherever a command takes one (npm run rollback).',
    'A pointer that names a build KV does not have is printed as a problem (in --json: "problems"), and the command exits 1.',
  ],
});
try {
  const history = await withKv(kvTargetFrom(values), buildHistory);
  process.stdout.write(values.json ? `${JSON.stringify(history, null, 2)}\n` : formatBuildsTable(history).join('\n') + '\n');
  if (history.problems.length > 0) process.exitCode = 1;
} catch (err) {
  fail((err as Error).message);
}
