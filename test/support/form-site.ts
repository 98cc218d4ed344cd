/**
 * The repository's content with a webhook: /en/contact's form delivers to "crm" (site.json
 * `webhooks`), /et/kontakt's form has none, so its entries are only stored. Shared by the form
 * entry tests in workerd, with the posts they send.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_CONTENT, buildForTest, tempDir, type BuiltSite } from './built-site';
import type { NewEntry } from '../../worker/forms/entries';
import type { WebhookReceiver } from './webhook-receiver';
import { ORIGIN, startWorker, type TestWorker } from './workerd';

/** Routed to the test's receiver by Miniflare's outbound service; never resolved on the network. */
export const WEBHOOK_URL = 'https://hooks.example.test/site-forms';
export const WEBHOOK_SECRET_NAME = 'WEBHOOK_SECRET_CRM';
export const WEBHOOK_SECRET = 'test-signing-secret-0123456789abcdef';

export async function buildFormSite(): Promise<BuiltSite> {
  const dir = await tempDir('form-site');
  await cp(REPO_CONTENT, dir, { recursive: true });
  const siteFile = join(dir, 'site.json');
  const site = JSON.parse(await readFile(siteFile, 'utf8'));
  site.webhooks = { crm: { url: WEBHOOK_URL, secret: WEBHOOK_SECRET_NAME } };
  await writeFile(siteFile, JSON.stringify(site));
  const pageFile = join(dir, 'pages/en/contact.json');
  const page = JSON.parse(await readFile(pageFile, 'utf8'));
  const walk = (blocks: any[]) => {
    for (const b of blocks) {
      if (b.type === 'form') b.webhook = 'crm';
      if (b.blocks) walk(b.blocks);
    }
  };
  walk(page.blocks);
  await writeFile(pageFile, JSON.stringify(page));
  const built = await buildForTest(dir);
  return {
    ...built,
    cleanup: async () => {
      await built.cleanup();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const validValues = {
  name: 'Mari Maasikas',
  email: 'mari@example.com',
  phone: '',
  topic: 'loan',
  message: 'Please call me about a loan.',
  consent: true,
};

/** A key as the hydrated form makes one: a UUID per submission. */
export const newKey = () => crypto.randomUUID();

/** The hydrated form's post: JSON, with its idempotency key. */
export function postEntry(
  worker: TestWorker,
  {
    page = '/en/contact',
    key = newKey(),
    values = validValues,
  }: { page?: string; key?: string | null; values?: Record<string, unknown> } = {},
): Promise<Response> {
  return worker.fetch('/_app/forms', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      origin: ORIGIN,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify({ form: 'contact', page, values }),
  });
}

export interface Row {
  id: string;
  idempotency_key: string;
  form: string;
  page: string;
  locale: string;
  received_at: number;
  fields: string;
  status: string;
  attempts: number;
  last_error: string | null;
  webhook: string | null;
}

export async function rowsByKey(worker: TestWorker, key: string): Promise<Row[]> {
  const db = await worker.d1();
  return (await db.prepare('SELECT * FROM form_entries WHERE idempotency_key = ?').bind(key).all<Row>()).results;
}

export async function rowById(worker: TestWorker, id: string): Promise<Row | undefined> {
  const db = await worker.d1();
  return (await db.prepare('SELECT * FROM form_entries WHERE id = ?').bind(id).all<Row>()).results[0];
}

export async function countRows(worker: TestWorker): Promise<number> {
  const db = await worker.d1();
  return (await db.prepare('SELECT COUNT(*) AS n FROM form_entries').all<{ n: number }>()).results[0]!.n;
}

/** Polls until `check` gives a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The worker the form-entry tests run: the webhook's secret, retries 1 s apart and a 1 s delivery
 * timeout (so retries fit in a test), and webhooks routed to the test's local receiver.
 */
export function startFormWorker(
  site: BuiltSite,
  receiver: WebhookReceiver,
  { maxRetries = 2, storageFaults = false } = {},
): Promise<TestWorker> {
  return startWorker(site, {
    bindings: { [WEBHOOK_SECRET_NAME]: WEBHOOK_SECRET, FORM_RETRY_DELAY_S: '1', FORM_DELIVERY_TIMEOUT_MS: '1000' },
    outbound: (request) => receiver.outbound(request),
    queue: { maxRetries },
    storageFaults,
  });
}

/**
 * A stored entry of the repository's contact form as the worker writes one when a post is
 * accepted, for tests that start from entries already in FORMS_DB (health counts, the sweep).
 */
export const contactEntry = (id: string, buildId: string): NewEntry => ({
  id,
  idempotencyKey: id,
  submissionSha256: '0'.repeat(64),
  form: 'contact',
  page: '/en/contact',
  locale: 'en',
  build: buildId,
  preview: false,
  receivedAt: Date.now(),
  fields: {},
  webhook: { name: 'crm', url: 'https://hooks.example.test/x', secret: 'WEBHOOK_SECRET_CRM' },
});
