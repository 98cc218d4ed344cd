import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Site } from '../../../app/content/schema';
import { checkProperty } from '../../support/property';

const SITE = { name: 'Site', origin: 'https://www.example.com', defaultLocale: 'en', locales: [{ code: 'en', lang: 'en', label: 'English' }] };

/** The problems site.json gets for one webhook URL: [] when it may be delivered to. */
function urlProblems(url: string): string[] {
  const parsed = Site.safeParse({ ...SITE, webhooks: { crm: { url, secret: 'WEBHOOK_SECRET_CRM' } } });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** An IPv4 address in one of the spellings URL parsers accept: 1 to 4 parts, each decimal, octal or hex. */
const ipv4Spelling = fc
  .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.constantFrom(10, 8, 16), { minLength: 4, maxLength: 4 }))
  .map(([n, parts, radices]) => {
    const bytes = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    // The last part carries the bytes the earlier parts do not.
    const values = [...bytes.slice(0, parts - 1), bytes.slice(parts - 1).reduce((a, b) => a * 256 + b, 0)];
    return values
      .map((v, i) => (radices[i] === 16 ? `0x${v.toString(16)}` : radices[i] === 8 ? `0${v.toString(8)}` : String(v)))
      .join('.');
  });

/** An IPv6 literal: full, compressed, or with an IPv4 tail; any case. */
const ipv6Spelling = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), fc.constantFrom('full', 'compressed', 'v4tail'))
  .map(([groups, form]) => {
    const hex = groups.map((g) => g.toString(16));
    if (form === 'full') return `[${hex.join(':')}]`;
    if (form === 'compressed') return `[${hex.slice(0, 2).join(':')}::${hex.slice(5).join(':')}]`;
    return `[::ffff:${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}]`;
  });

const mixedCase = (s: string) => fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

const hostileHost = fc.oneof(
  ipv4Spelling,
  ipv6Spelling,
  fc.constantFrom('[::1]', '[::]', '[fc00::1]', '[fe80::1%25eth0]', '[::ffff:169.254.169.254]', '0', '0.0.0.0', '100.64.0.1', '172.16.0.1', '192.168.1.1', '10.0.0.1', '169.254.169.254'),
  fc.constantFrom('localhost', 'api.localhost', 'printer.local', 'nas.home.arpa', 'metadata.internal', 'intranet').chain(mixedCase),
);

const dnsLabel = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const publicHost = fc.tuple(fc.array(dnsLabel, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'example', 'io', 'ee', 'fi', 'test')).map(([labels, tld]) => [...labels, tld].join('.'));
const pathPart = fc.constantFrom('', '/', '/hook', '/forms/crm?x=1', '/a#b');
const port = fc.constantFrom('', ':443', ':8443');

describe('webhook URLs in site.json', () => {
  test('an IP literal, a local name or a trailing dot is refused however it is spelled', () => {
    checkProperty(
      fc.property(hostileHost, fc.boolean(), port, pathPart, (host, trailingDot, p, path) => {
        expect(urlProblems(`https://${host}${trailingDot && !host.startsWith('[') ? '.' : ''}${p}${path}`)).toEqual([
          expect.stringMatching(/^webhooks\.crm\.url: /),
        ]);
      }),
      { numRuns: 500 },
    );
  });

  test('credentials in the URL are refused, on any host', () => {
    checkProperty(
      fc.property(fc.oneof(publicHost, hostileHost), fc.constantFrom('user:pw@', 'user@', ':pw@', '@', 'a%40b:c@'), (host, userinfo) => {
        expect(urlProblems(`https://${userinfo}${host}/hook`)).toEqual([expect.stringMatching(/^webhooks\.crm\.url: /)]);
      }),
    );
  });

  test('http, and anything that is no URL, is refused with one message', () => {
    checkProperty(
      fc.property(publicHost, fc.constantFrom('http://', 'HTTP://', 'ftp://', 'ws://', '//', ''), (host, scheme) => {
        expect(urlProblems(`${scheme}${host}/hook`)).toEqual(['webhooks.crm.url: Must be an https URL']);
      }),
    );
  });

  test('an https URL on a public DNS name is accepted, in any case and with a port', () => {
    checkProperty(
      fc.property(publicHost.chain(mixedCase), port, pathPart, (host, p, path) => {
        expect(urlProblems(`https://${host}${p}${path}`)).toEqual([]);
      }),
    );
  });

  test('the loopback address written as one decimal number is named as an IP address', () => {
    expect(urlProblems('https://2130706433/hook')).toEqual(['webhooks.crm.url: Must name its host by a DNS name, not an IP address']);
  });
});
