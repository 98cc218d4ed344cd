/** The delivery schedule and signature, without workerd (test/worker/form-entries.workerd.test.ts runs them there). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readWranglerToml } from '../../../scripts/lib/wrangler-toml';
import { FORM_RETENTION_DAYS_DEFAULT, parseConfig } from '../../../worker/config';
import { RETRY_DELAY_CAP_S, retryDelayS } from '../../../worker/forms/delivery';
import { SIGNATURE_TOLERANCE_S, signatureHeader, verifySignature } from '../../../worker/forms/signature';

describe('retries', () => {
  test('each retry waits 3 times longer than the one before, up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayS(n, 10))).toEqual([10, 30, 90, 270, 810, 900, 900]);
    expect(RETRY_DELAY_CAP_S).toBe(900);
  });

  const toml = readWranglerToml();
  const environments: [string, typeof toml][] = [
    ['(top level)', toml],
    ...Object.entries(toml.env ?? {}).map(([n, e]) => [n, e] as [string, typeof toml]),
  ];

  test.each(environments)(
    '%s: a receiver down for an hour loses nothing: the attempts span more than an hour, then the dead-letter queue',
    (_name, env) => {
      const producer = env.queues?.producers?.find((p) => p.binding === 'FORMS_QUEUE');
      const consumer = env.queues?.consumers?.find((c) => c.queue === producer?.queue);
      expect(consumer?.dead_letter_queue).toBe(`${producer!.queue}-dlq`);
      expect(env.queues?.consumers?.some((c) => c.queue === consumer!.dead_letter_queue)).toBe(true);
      const base = parseConfig({}).config.formRetryDelayS;
      let waited = 0;
      for (let attempt = 1; attempt <= consumer!.max_retries!; attempt++) waited += retryDelayS(attempt, base);
      expect(waited).toBeGreaterThan(3600);
    },
  );

  test.each(environments)('%s: keeps entries FORM_RETENTION_DAYS and runs the scheduled handler', (_name, env) => {
    expect(env.vars?.FORM_RETENTION_DAYS).toBe(String(FORM_RETENTION_DAYS_DEFAULT));
    expect((env as { triggers?: { crons?: string[] } }).triggers?.crons?.length).toBeGreaterThan(0);
    expect(env.d1_databases?.find((d) => d.binding === 'FORMS_DB')?.migrations_dir).toBe('migrations');
  });
});

describe('the signature', () => {
  const now = Date.UTC(2026, 0, 31, 12);
  const body = '{"id":"e1","fields":{"name":"Mari"}}';

  test('is the time and an HMAC-SHA256 of "{time}.{body}" in hex', async () => {
    expect(await signatureHeader('secret', body, now)).toMatch(new RegExp(`^t=${now / 1000},v1=[0-9a-f]{64}$`));
  });

  test('verifies for its body and secret', async () => {
    expect(await verifySignature('secret', body, await signatureHeader('secret', body, now), now)).toBe(true);
  });

  test('does not verify for another body, another secret, a changed time or none', async () => {
    const header = await signatureHeader('secret', body, now);
    expect(await verifySignature('secret', body.replace('Mari', 'Jaan'), header, now)).toBe(false);
    expect(await verifySignature('other', body, header, now)).toBe(false);
    expect(await verifySignature('secret', body, header.replace(`t=${now / 1000}`, `t=${now / 1000 + 1}`), now + 1000)).toBe(false);
    expect(await verifySignature('secret', body, null, now)).toBe(false);
  });

  test('verifies with the Node receiver README "Form entries" shows', async () => {
    // As in the README, word for word.
    function verify(secret: string, rawBody: string, header: string, nowSeconds = Date.now() / 1000) {
      const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
      const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
      return expected.length === parts.v1?.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
    }
    const header = await signatureHeader('secret', body, now);
    expect(verify('secret', body, header, now / 1000)).toBe(true);
    expect(verify('secret', body + ' ', header, now / 1000)).toBe(false);
  });

  test('is refused once it is older than the tolerance: a replay later fails', async () => {
    const header = await signatureHeader('secret', body, now);
    expect(await verifySignature('secret', body, header, now + SIGNATURE_TOLERANCE_S * 1000)).toBe(true);
    expect(await verifySignature('secret', body, header, now + (SIGNATURE_TOLERANCE_S + 1) * 1000)).toBe(false);
  });
});
