/**
 * The webhook-verification example that receivers copy, run as it is printed: the fenced code
 * block under the heading "Verifying a webhook", in README.md or in docs/*.md (whichever holds
 * it), checked against headers the worker's own signing code makes.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signatureHeader } from '../../worker/forms/signature';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const HEADING = 'Verifying a webhook';

type Verify = (secret: string, rawBody: string, header: unknown, nowSeconds?: number) => boolean;

/** The first fenced code block after the heading, before the next heading. */
function exampleUnder(markdown: string, heading: string): string | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^#{1,6} ${heading}\\s*$`).test(l));
  if (start === -1) return null;
  const section: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line)) break;
    section.push(line);
  }
  const block = /^```(?:js|javascript|ts)?\n([\s\S]*?)^```$/m.exec(section.join('\n'));
  return block ? block[1]! : null;
}

async function findExample(): Promise<{ file: string; code: string }> {
  const docs = (await readdir(join(REPO_ROOT, 'docs'))).filter((n) => n.endsWith('.md')).map((n) => join('docs', n));
  const found: { file: string; code: string }[] = [];
  for (const file of ['README.md', ...docs]) {
    const code = exampleUnder(await readFile(join(REPO_ROOT, file), 'utf8'), HEADING);
    if (code !== null) found.push({ file, code });
  }
  if (found.length !== 1) throw new Error(`expected one "${HEADING}" section with a code block, found ${found.length}`);
  return found[0]!;
}

const SECRET = 'whsec-test-0123456789abcdef';
const BODY = '{"id":"6f1c","form":"contact","fields":{"name":"Mari Maasikas","message":"Tere, ñ ü €"}}';
const NOW_MS = 1_767_225_600_000;
const NOW_S = NOW_MS / 1000;

let dir: string;
let verify: Verify;

beforeAll(async () => {
  const { code } = await findExample();
  dir = await mkdtemp(join(tmpdir(), 'webhook-example-'));
  const file = join(dir, 'verify.mjs');
  // The block as printed, plus the one line that lets the test call it.
  await writeFile(file, `${code}\nexport { verify };\n`);
  ({ verify } = (await import(pathToFileURL(file).href)) as { verify: Verify });
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The header with its v1 value changed by `change`. */
const withV1 = (header: string, change: (v1: string) => string) => header.replace(/v1=(.*)$/, (_, v1: string) => `v1=${change(v1)}`);

describe('the webhook-verification example', () => {
  test('accepts a delivery signed by the worker', async () => {
    expect(verify(SECRET, BODY, await signatureHeader(SECRET, BODY, NOW_MS), NOW_S)).toBe(true);
  });

  test('rejects a delivery whose body was changed after signing', async () => {
    const header = await signatureHeader(SECRET, BODY, NOW_MS);
    expect(verify(SECRET, BODY.replace('Mari', 'Mara'), header, NOW_S)).toBe(false);
  });

  test('rejects a signature made with another secret', async () => {
    expect(verify(SECRET, BODY, await signatureHeader('another-secret', BODY, NOW_MS), NOW_S)).toBe(false);
  });

  test('rejects a signature older than five minutes', async () => {
    expect(verify(SECRET, BODY, await signatureHeader(SECRET, BODY, NOW_MS), NOW_S + 301)).toBe(false);
  });

  test.each([
    ['a non-ASCII character', (v1: string) => `${v1.slice(0, -1)}é`],
    ['an emoji in place of two characters', (v1: string) => `${v1.slice(0, -2)}😀`],
    ['a non-hex ASCII character', (v1: string) => `${v1.slice(0, -1)}z`],
  ])('rejects, without throwing, a signature of the right length in characters with %s', async (_, change) => {
    const header = withV1(await signatureHeader(SECRET, BODY, NOW_MS), change);
    expect(withV1(header, (v1) => String(v1.length))).toMatch(/v1=64$/);
    expect(() => verify(SECRET, BODY, header, NOW_S)).not.toThrow();
    expect(verify(SECRET, BODY, header, NOW_S)).toBe(false);
  });

  test('rejects a valid signature with something appended', async () => {
    const header = withV1(await signatureHeader(SECRET, BODY, NOW_MS), (v1) => `${v1}00`);
    expect(verify(SECRET, BODY, header, NOW_S)).toBe(false);
  });

  test.each([
    '',
    'garbage',
    't=',
    'v1=',
    `t=${NOW_S}`,
    `t=${NOW_S},v1=`,
    `t=${NOW_S},v1=zz`,
    `t=soon,v1=${'0'.repeat(64)}`,
    `t=${NOW_S},v1=${'0'.repeat(64)}`,
    `__proto__=x,constructor=y,t=${NOW_S},v1=${'é'.repeat(64)}`,
    ',,,,=,=,',
  ])('rejects the header %j without throwing', (header) => {
    expect(() => verify(SECRET, BODY, header, NOW_S)).not.toThrow();
    expect(verify(SECRET, BODY, header, NOW_S)).toBe(false);
  });

  test('rejects a missing header without throwing', () => {
    expect(verify(SECRET, BODY, undefined, NOW_S)).toBe(false);
    expect(verify(SECRET, BODY, null, NOW_S)).toBe(false);
  });
});
