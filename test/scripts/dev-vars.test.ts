/** .dev.vars as the scripts read it: settings, or one line naming what is wrong, never its secrets. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devVarsProblem, readDevVars } from '../../scripts/lib/dev-vars';

const SECRET = 'x'.repeat(40);

describe('devVarsProblem', () => {
  test('settings, quoted values, exports, comments and blank lines are fine', () => {
    const text = `# local secrets\nPREVIEW_TOKEN=${SECRET}\n\nexport PREVIEW_SHARE_SECRET = "${SECRET} with spaces"\nA='single' # note\r\nEMPTY=\n`;
    expect(devVarsProblem(text)).toBeNull();
  });

  test('a line that is not NAME=value is named by number, and its text is not printed', () => {
    const problem = devVarsProblem(`PREVIEW_TOKEN=${SECRET}\nPREVIEW_SHARE_SECRET: ${SECRET}\n`);
    expect(problem).toBe('.dev.vars line 2 is not NAME=value (a quoted value closes its quote on the same line)');
    expect(problem).not.toContain(SECRET);
  });

  test('a quote left open is malformed', () => {
    expect(devVarsProblem(`PREVIEW_TOKEN="${SECRET}\n`)).toMatch(/^\.dev\.vars line 1 is not NAME=value/);
  });
});

describe('readDevVars', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-vars-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('no .dev.vars is no settings', async () => {
    expect(await readDevVars(join(dir, 'missing'))).toBe('');
  });

  test('a .dev.vars that is a folder is said so in one line', async () => {
    await mkdir(join(dir, 'folder'));
    await expect(readDevVars(join(dir, 'folder'))).rejects.toThrow('.dev.vars could not be read (EISDIR)');
  });

  test('a malformed .dev.vars is refused with the line it fails on', async () => {
    await writeFile(join(dir, 'bad'), `OK=1\nPREVIEW_TOKEN ${SECRET}\n`);
    await expect(readDevVars(join(dir, 'bad'))).rejects.toThrow(/^\.dev\.vars line 2 is not NAME=value/);
  });
});
