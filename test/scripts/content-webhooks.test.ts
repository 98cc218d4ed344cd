/** Webhooks in content: site.json names where entries go, a form names a webhook by its name. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { buildSite } from '../../scripts/lib/site-build';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';

let dir: string;

const form = (extra: Record<string, unknown> = {}) => ({
  type: 'form',
  id: 'contact',
  fields: [{ name: 'name', label: 'Name', kind: 'text' }],
  submitLabel: 'Send',
  successMessage: 'Thanks',
  ...extra,
});

async function edit(rel: string, change: (doc: any) => void) {
  const file = join(dir, rel);
  const doc = JSON.parse(await readFile(file, 'utf8'));
  change(doc);
  await writeFile(file, JSON.stringify(doc));
}

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  return result.ok ? [] : result.problems.map(formatProblem);
}

beforeEach(async () => {
  dir = await tempDir('webhooks');
  await generateContent({ dir, pagesPerLocale: 1 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('webhooks in content', () => {
  test('a form naming a webhook of site.json loads', async () => {
    await edit('site.json', (s) => (s.webhooks = { crm: { url: 'https://crm.example.com/hook', secret: 'WEBHOOK_SECRET_CRM' } }));
    await edit('pages/en/page-1.json', (p) => p.blocks.push(form({ webhook: 'crm' })));
    expect(await problemLines()).toEqual([]);
  });

  test('a form naming a webhook site.json lacks is named with its path', async () => {
    await edit('pages/en/page-1.json', (p) => p.blocks.push(form({ webhook: 'crm' })));
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^content\/pages\/en\/page-1\.json: blocks\[\d+\]\.webhook: names no webhook in site\.json "webhooks" \(crm\)$/,
    );
  });

  test('an Object.prototype name is no webhook', async () => {
    await edit('pages/en/page-1.json', (p) => p.blocks.push(form({ webhook: 'constructor' })));
    expect(await problemLines()).toEqual([expect.stringContaining('names no webhook in site.json "webhooks" (constructor)')]);
  });

  test('a form with its own endpoint cannot name a webhook', async () => {
    await edit('site.json', (s) => (s.webhooks = { crm: { url: 'https://crm.example.com/hook', secret: 'WEBHOOK_SECRET_CRM' } }));
    await edit('pages/en/page-1.json', (p) => p.blocks.push(form({ webhook: 'crm', endpoint: 'https://forms.example.com/x' })));
    expect(await problemLines()).toEqual([expect.stringContaining('cannot name a webhook')]);
  });

  test('a webhook must be https and name a WEBHOOK_SECRET_ secret, never hold one', async () => {
    await edit('site.json', (s) => (s.webhooks = { crm: { url: 'http://crm.example.com/hook', secret: 'PREVIEW_TOKEN' } }));
    const lines = await problemLines();
    expect(lines).toContain('content/site.json: webhooks.crm.url: Must be an https URL');
    expect(lines).toContain(
      'content/site.json: webhooks.crm.secret: Must name a worker secret: WEBHOOK_SECRET_ followed by capitals, digits or _',
    );
  });

  test('a webhook at the metadata address, spelled as a number, is a named problem', async () => {
    await edit('site.json', (s) => (s.webhooks = { crm: { url: 'https://2852039166/latest', secret: 'WEBHOOK_SECRET_CRM' } }));
    expect(await problemLines()).toEqual(['content/site.json: webhooks.crm.url: Must name its host by a DNS name, not an IP address']);
  });

  test('a new webhook URL makes a new build, so publishing it is never a no-op', async () => {
    await edit('site.json', (s) => (s.webhooks = { crm: { url: 'https://crm.example.com/a', secret: 'WEBHOOK_SECRET_CRM' } }));
    const out = await tempDir('webhooks-out');
    try {
      const a = await buildSite({ contentDir: dir, outDir: out });
      await edit('site.json', (s) => (s.webhooks.crm.url = 'https://crm.example.com/b'));
      const b = await buildSite({ contentDir: dir, outDir: out });
      expect(a.ok && b.ok && a.build.id !== b.build.id).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
