/**
 * The live host never serves a draft: whatever a host is called, on a worker that is not the
 * preview environment only the preview hosts and their drafts' hosts follow a draft pointer;
 * and no header a client sends moves a request to another draft than its URL's host names.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../worker/config';
import { BuildMemory } from '../../worker/build-memory';
import { channelOf } from '../../worker/hosts';
import { requestContext } from '../../worker/middleware/request-context';
import { checkProperty, hostileString } from '../support/property';
import { EMPTY_KV, testApp } from './in-process';

const live = parseConfig({ PREVIEW_HOSTS: 'preview.example.com' }).config;
const previewEnv = parseConfig({ PREVIEW_HOSTS: 'preview.example.com', PREVIEW_MODE: 'true' }).config;

const draftName = fc.oneof(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/), hostileString(4));
/** Hosts built around a draft name: the live host's name, local names, ports, case, dots. */
const hostAround = (name: string) =>
  fc
    .tuple(
      fc.constantFrom(
        `${name}.www.example.com`,
        `${name}.example.com`,
        `${name}.localhost`,
        `${name}.preview.localhost`,
        `www.example.com.${name}`,
        `${name}-preview.example.com`,
        `${name}preview.example.com`,
        `${name}.preview.example.com.`,
        `preview.example.com.${name}`,
        `${name}.preview.example.com.evil.example`,
        `${name}.${name}.preview.example.com.x`,
        'www.example.com',
        'localhost',
        '127.0.0.1',
      ),
      fc.constantFrom('', ':443', ':8788', ':1'),
      fc.boolean(),
    )
    .map(([host, port, upper]) => `${upper ? host.toUpperCase() : host}${port}`);

function urlOf(host: string): string | null {
  try {
    return new URL(`https://${host}/en`).href;
  } catch {
    return null;
  }
}

describe('the live host', () => {
  test('follows the live pointer under every host spelling that is not a preview host', () => {
    checkProperty(
      fc.property(
        draftName.chain((name) => hostAround(name)),
        (host) => {
          const url = urlOf(host);
          if (url === null) return;
          const hostname = new URL(url).hostname;
          if (hostname === 'preview.example.com' || hostname.endsWith('.preview.example.com')) return;
          expect(channelOf(live, url)).toBe('live');
        },
      ),
      { numRuns: 500 },
    );
  });

  test('follows the live pointer for any string of a host', () => {
    checkProperty(
      fc.property(hostileString(6), (host) => {
        const url = urlOf(host);
        if (url === null) return;
        const hostname = new URL(url).hostname;
        if (hostname === 'preview.example.com' || hostname.endsWith('.preview.example.com')) return;
        expect(channelOf(live, url)).toBe('live');
      }),
      { numRuns: 500 },
    );
  });

  test('a local draft host is live outside the preview environment', () => {
    expect(channelOf(live, 'http://spring.preview.localhost:8788/en')).toBe('live');
    expect(channelOf(live, 'http://spring.localhost:8788/en')).toBe('live');
  });
});

describe('the preview host', () => {
  test('follows a named draft exactly for one valid label before a preview host', () => {
    checkProperty(
      fc.property(draftName, (name) => {
        const url = urlOf(`${name}.preview.example.com`);
        if (url === null) return;
        const label = new URL(url).hostname.slice(0, -'.preview.example.com'.length);
        const valid = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/.test(label) && label.slice(2, 4) !== '--';
        expect(channelOf(live, url)).toBe(valid ? `draft:${label}` : 'live');
      }),
    );
  });

  test('in the preview environment, every host is a preview host, and only draft hosts name a draft', () => {
    expect(channelOf(previewEnv, 'http://127.0.0.1:8788/en')).toBe('draft');
    expect(channelOf(previewEnv, 'http://preview.localhost:8788/en')).toBe('draft');
    expect(channelOf(previewEnv, 'http://spring.preview.localhost:8788/en')).toBe('draft:spring');
    expect(channelOf(previewEnv, 'https://spring.preview.example.com/en')).toBe('draft:spring');
    expect(channelOf(previewEnv, 'http://spring.localhost:8788/en')).toBe('draft');
  });
});

describe('a header a client sends', () => {
  const app = testApp();
  app.use(requestContext({ memory: new BuildMemory() }));
  app.get('/*', (c) => c.text(c.get('channel')));
  /** Headers proxies and wrangler dev use to carry another host; a client can send any of them. */
  const header = fc.constantFrom('mf-original-hostname', 'mf-original-url', 'x-forwarded-host', 'forwarded', 'x-original-host');
  const claimAround = (name: string) =>
    fc.constantFrom(
      `${name}.preview.localhost:8788`,
      `${name}.preview.example.com`,
      `https://${name}.preview.example.com/en`,
      `host=${name}.preview.example.com`,
      name,
    );

  test('never chooses a draft, on the live worker or a preview worker: only the URL’s host does', async () => {
    await checkProperty(
      fc.asyncProperty(
        draftName.chain((name) => fc.tuple(hostAround(name), header, claimAround(name))),
        fc.boolean(),
        async ([host, name, claimed], previewWorker) => {
          const url = urlOf(host);
          if (url === null) return;
          let req: Request;
          try {
            req = new Request(url, { headers: { [name]: claimed } });
          } catch {
            return; // no request carries it (a URL with credentials, a header value with a newline)
          }
          const vars = { PREVIEW_HOSTS: 'preview.example.com', PREVIEW_MODE: previewWorker ? 'true' : 'false' };
          const res = await app.request(req, undefined, { SITE_KV: EMPTY_KV, ...vars });
          expect(await res.text()).toBe(channelOf(previewWorker ? previewEnv : live, url));
        },
      ),
      { numRuns: 300 },
    );
  });
});
