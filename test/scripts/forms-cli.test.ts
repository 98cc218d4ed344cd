/**
 * `npm run forms` as an operator meets it before it touches a database. The command runs in
 * this process (test/support/script-in-process.ts), except the usage test, which spawns the
 * real CLI to prove the wiring from `tsx scripts/forms.ts` to the exit code and stderr.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

function spawnForms(args: string[], env: NodeJS.ProcessEnv = {}) {
  const { CLOUDFLARE_API_TOKEN: _token, ...rest } = process.env;
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/forms.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, stderr: r.stderr };
}

async function forms(args: string[]) {
  const r = await runScriptInProcess('forms', args, { unsetEnv: ['CLOUDFLARE_API_TOKEN'] });
  return { code: r.status, stderr: r.stderr };
}

describe('npm run forms', () => {
  test('without a command it says how to call it (the real CLI, spawned)', () => {
    const r = spawnForms([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('usage: npm run forms -- list | export --format csv|json');
  });

  test('--remote without CLOUDFLARE_API_TOKEN stops at once', async () => {
    const r = await forms(['list', '--remote', '--env', 'production']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CLOUDFLARE_API_TOKEN is not set');
  });

  test('--help names sweep and list --dead', async () => {
    const r = await runScriptInProcess('forms', ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      '  sweep                run the scheduled handler (sweep and retention) now, on the running npm start server',
    );
    expect(r.stdout).toContain('list: only the dead entries, and how many');
  });

  test('export without a format says which there are', async () => {
    const r = await forms(['export']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('export needs --format csv or --format json');
  });
});
