/** `npm run bench -- --only PART`: a typo is refused before anything is built or started. */
import { describe, expect, test } from 'vitest';
import { runScriptInProcess } from '../../support/script-in-process';

describe('npm run bench -- --only', () => {
  test('refuses a part it does not know, naming the ones it does', async () => {
    const run = await runScriptInProcess('bench/bench.ts', ['--only', 'client']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--only takes client-js or cold-start, not "client"');
    expect(run.stderr).not.toContain('bench: ');
  });

  test('is listed in --help with the parts it takes', async () => {
    const run = await runScriptInProcess('bench/bench.ts', ['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/--only PART\s+measure and judge one budget alone, as the whole run does: client-js or cold-start/);
  });
});
