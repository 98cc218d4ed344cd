/**
 * POST /_app/forms fed generated hostile bodies: whatever the content type and body, the
 * worker answers, and never with a 5xx; a post that names a real form but carries wrong
 * values is a 4xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_CONTENT, buildForTest, type BuiltSite } from '../../support/built-site';
import { PROTOTYPE_NAMES, checkProperty, hostileString } from '../../support/property';
import { ORIGIN, startWorker, type TestWorker } from '../../support/workerd';

let site: BuiltSite;
let worker: TestWorker;

beforeAll(async () => {
  site = await buildForTest(REPO_CONTENT);
  worker = await startWorker(site);
});
afterAll(async () => {
  await worker?.close();
  await site?.cleanup();
});

const BOUNDARY = 'XyZ-boundary';

const name = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES, '_form', '_page', '_hp', 'name', 'email', 'consent', 'a"b', 'x\r\ny', ''),
  hostileString(3),
);

const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/jsonfoo',
    'APPLICATION/JSON; charset=utf-8',
    'application/json;;',
    'application/x-www-form-urlencoded',
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary="${BOUNDARY}"`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="unterminated',
    'text/plain',
    '',
  ),
  // What a client can put in a header: bytes, read as Latin-1, without CR, LF or NUL.
  hostileString(4).map((s) => s.replace(/[^\t\x20-\xff]/g, '')),
);

/** JSON that looks like an envelope, with hostile names, `__proto__` objects and oversize strings. */
const envelopeJson = fc
  .record({
    form: fc.oneof(fc.constant('contact'), name, fc.constant({ __proto__: null })),
    page: fc.oneof(fc.constantFrom('/en/contact', '/et/kontakt', '//evil.example', '/en/../x'), hostileString(3)),
    values: fc.oneof(
      fc.dictionary(
        name,
        fc.oneof(hostileString(), fc.boolean(), fc.constant(null), fc.constant({ $gt: '' }), fc.constant('x'.repeat(30_000))),
      ),
      fc.constant('not an object'),
    ),
  })
  .map((e) => JSON.stringify(e));

const protoJson = fc.constantFrom(
  '{"__proto__": {"form": "contact", "page": "/en/contact"}, "values": {}}',
  '{"form": "contact", "page": "/en/contact", "values": {"__proto__": {"name": "x"}}}',
  '{"form": "contact", "page": "/en/contact", "values": {"__proto__": null, "constructor": "x"}}',
  '{"constructor": {"prototype": {"polluted": true}}, "form": "contact"}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
);

const malformedJson = envelopeJson.chain((json) => fc.nat(json.length).map((cut) => json.slice(0, cut)));

const urlencoded = fc
  .array(fc.tuple(name, fc.oneof(hostileString(), fc.constant('%zz%'), fc.constant('x'.repeat(30_000)))), { maxLength: 8 })
  .map((pairs) => new URLSearchParams([['_form', 'contact'], ['_page', '/en/contact'], ...pairs]).toString());

const part = fc.record({
  name,
  filename: fc.option(fc.oneof(hostileString(3), fc.constantFrom('', 'x.png', '..\\..\\evil.png')), { nil: undefined }),
  type: fc.option(fc.oneof(fc.constantFrom('image/png', 'text/plain', 'IMAGE/PNG'), hostileString(2)), { nil: undefined }),
  content: fc.oneof(hostileString(), fc.constant(`\r\n--${BOUNDARY}x`), fc.constant('x'.repeat(70_000))),
});

const multipart = fc
  .record({
    parts: fc.array(part, { maxLength: 5 }),
    preamble: fc.option(hostileString(2), { nil: '' }),
    closed: fc.boolean(),
    junk: fc.option(hostileString(2), { nil: '' }),
  })
  .map(({ parts, preamble, closed, junk }) => {
    const body = parts
      .map((p) => {
        const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
        return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`}${junk}\r\n${p.content}\r\n`;
      })
      .join('');
    return `${preamble}${body}${closed ? `--${BOUNDARY}--\r\n` : ''}`;
  });

const body = fc.oneof(hostileString(), envelopeJson, protoJson, malformedJson, urlencoded, multipart);

async function post(type: string, payload: string, headers: Record<string, string>): Promise<Response> {
  return worker.fetch('/_app/forms', {
    method: 'POST',
    headers: { ...(type === '' ? {} : { 'content-type': type }), ...headers },
    body: payload,
  });
}

describe('the form endpoint against hostile bodies', () => {
  test('never answers 5xx, whatever the content type and body', async () => {
    await checkProperty(
      fc.asyncProperty(contentType, body, fc.boolean(), fc.boolean(), async (type, payload, withOrigin, wantsJson) => {
        const headers = { ...(withOrigin ? { origin: ORIGIN } : {}), ...(wantsJson ? { accept: 'application/json' } : {}) };
        const res = await post(type, payload, headers);
        await res.text();
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    expect(worker.logs.join('')).not.toContain('"type":"error"');
  });

  test('a post naming a real form with wrong values is a 4xx', async () => {
    await checkProperty(
      fc.asyncProperty(fc.dictionary(name, fc.oneof(hostileString(), fc.boolean(), fc.constant(null))), async (values) => {
        // Never ticked, so never a valid entry.
        const res = await post(
          'application/json',
          JSON.stringify({ form: 'contact', page: '/en/contact', values: { ...values, consent: false } }),
          {
            origin: ORIGIN,
            accept: 'application/json',
          },
        );
        await res.text();
        // A filled honeypot is answered as if sent (and kept nowhere), so bots learn nothing.
        const honeypot = values._hp;
        if (typeof honeypot === 'string' && honeypot.trim() !== '') {
          expect(res.status).toBe(200);
          return;
        }
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });
});
