/**
 * `npm run smoke -- ORIGIN [--env NAME] [--previous ID]`: the smoke test of a deployed (or
 * local) site, one line per check (scripts/lib/smoke.ts). Exit 1 on a failure, with the
 * rollback command. The deep health check runs when HEALTH_TOKEN is in the environment: a
 * secret on the command line would stay in the shell's history.
 */
import { command, fail } from './lib/cli';
import { rollbackCommand, runSmoke, smokeLines, smokePassed } from './lib/smoke';

const { values, positionals } = command({
  usage: 'npm run smoke -- ORIGIN [--env NAME] [--previous ID]',
  summary:
    'Check a deployed site as a visitor and a monitor reach it: health, every locale home, a payload, a client file, a media file. Exit 1 with the rollback command on a failure.',
  options: {
    env: { type: 'string', value: 'NAME', description: 'the wrangler.toml environment ORIGIN serves (for the rollback command)' },
    previous: { type: 'string', value: 'ID', description: 'the build live before this deploy (for the rollback command)' },
  },
  examples: ['npm run smoke -- https://www.example.com --env production', 'npm run smoke -- http://127.0.0.1:8787'],
  notes: ['With HEALTH_TOKEN set in the environment, the health check is the deep one (/_app/health?deep=1).'],
});
const [origin, ...rest] = positionals;
if (!origin || rest.length > 0)
  fail('usage: npm run smoke -- ORIGIN [--env NAME] [--previous ID] (one origin, such as https://www.example.com)');
let url: URL;
try {
  url = new URL(origin);
} catch {
  fail(`"${origin}" is not an origin such as https://www.example.com`);
}
if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search !== '')
  fail(`"${origin}" is not an origin such as https://www.example.com (no path, no query)`);

const checks = await runSmoke({ origin: url.origin, ...(process.env.HEALTH_TOKEN ? { healthToken: process.env.HEALTH_TOKEN } : {}) });
process.stdout.write(smokeLines(checks));
if (!smokePassed(checks)) {
  process.stderr.write(
    `smoke test failed on ${url.origin}; to put back the build live before:\n  ${rollbackCommand(values.previous ?? null, values.env)}\n`,
  );
  process.exit(1);
}
