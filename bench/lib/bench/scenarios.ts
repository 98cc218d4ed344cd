/**
 * The bench's load scenarios and the checks that each one measures what its name says
 * (a "cache hit" that misses, or a "render" that the cache answers, would be a wrong number
 * with a right-looking label). Checks run before the load and again after it.
 */
import { embeddedBuildId } from '../embedded-build-id';
import { CHROME_UA } from '../load-generator';
import type { Runtime } from '../workerd/runtime';

export type ScenarioKey = 'constant' | 'render' | 'cacheHit' | 'payload' | 'redirect' | 'savedHtml' | 'minimalRender' | 'hitCalls';

export interface Scenario {
  key: ScenarioKey;
  label: string;
  url: string;
  /** the only status the load may see */
  status: number;
  /** what is wrong with a response, or null */
  check(res: Response, body: string): string | null;
}

export interface ScenarioInput {
  urls: Runtime['urls'];
  fixturePath: string;
  buildId: string;
  redirect: { from: string; to: string };
  /** the fixture page's HTML as the site sends it: the reference workers must send the same */
  html: string;
}

export function benchScenarios({ urls, fixturePath, buildId, redirect, html }: ScenarioInput): Scenario[] {
  /** `cache`: the X-Edge-Cache the page must carry; null when the edge cache is off. */
  const page = (res: Response, body: string, cache: 'HIT' | null) => {
    if (res.status !== 200) return `status ${res.status}`;
    if (!res.headers.get('content-type')?.startsWith('text/html')) return `content-type ${res.headers.get('content-type')}`;
    if (res.headers.get('x-edge-cache') !== cache) return `X-Edge-Cache is ${res.headers.get('x-edge-cache')}, expected ${cache ?? 'none'}`;
    if (embeddedBuildId(body) !== buildId) return `page names build ${embeddedBuildId(body)}, expected ${buildId}`;
    return null;
  };
  const samePage = (res: Response, body: string) => notTheSitesPage(res, body, html);
  const referenceWorkers = [
    ['savedHtml', urls.savedHtml, 'reference: the same page as saved bytes and headers'],
    ['minimalRender', urls.minimalRender, 'reference: minimal Hono + renderToString, same page'],
  ] as const;
  const references: Scenario[] = referenceWorkers.flatMap(([key, base, label]) =>
    base ? [{ key, label, url: `${base}${fixturePath}`, status: 200, check: samePage }] : [],
  );
  return [
    {
      key: 'constant',
      label: "constant (new Response('ok'))",
      url: `${urls.constant}/`,
      status: 200,
      check: (res, body) =>
        res.status === 200 && body === 'ok' ? null : `status ${res.status}, body ${JSON.stringify(body.slice(0, 40))}`,
    },
    {
      // The same bundle and KV, in an instance with EDGE_CACHE=off (and a Cache API service
      // that stores nothing): every request runs the whole chain and renders.
      key: 'render',
      label: 'full render, edge cache bypassed',
      url: `${urls.nocache}${fixturePath}`,
      status: 200,
      check: (res, body) => page(res, body, null),
    },
    {
      key: 'cacheHit',
      label: 'same page, edge cache hit',
      url: `${urls.site}${fixturePath}`,
      status: 200,
      check: (res, body) => page(res, body, 'HIT'),
    },
    {
      key: 'payload',
      label: '_payload.json, current build id',
      url: `${urls.site}${fixturePath}/_payload.json?${buildId}`,
      status: 200,
      check: (res) =>
        res.status !== 200
          ? `status ${res.status}`
          : !res.headers.get('cache-control')?.includes('immutable')
            ? `Cache-Control ${res.headers.get('cache-control')}, expected immutable (current build)`
            : null,
    },
    {
      key: 'redirect',
      label: `route-rule redirect ${redirect.from} -> ${redirect.to}`,
      url: `${urls.site}${redirect.from}`,
      status: 307,
      check: (res) =>
        res.status === 307 && res.headers.get('location') === redirect.to
          ? null
          : `status ${res.status}, Location ${res.headers.get('location')}`,
    },
    ...references,
  ];
}

/**
 * The reference that sends the page as a memory hit sends it, with the runtime calls a hit
 * makes (workers/hit-calls.js). Counted by `npm run bench:instructions`; not a load scenario.
 */
export function hitCallsScenario(hitCallsUrl: string, fixturePath: string, html: string): Scenario {
  return {
    key: 'hitCalls',
    label: 'reference: the page as a hit sends it, with the runtime calls a hit makes',
    url: `${hitCallsUrl}${fixturePath}`,
    status: 200,
    check: (res, body) =>
      notTheSitesPage(res, body, html) ??
      (res.headers.get('x-edge-cache') === 'HIT' ? null : `X-Edge-Cache is ${res.headers.get('x-edge-cache')}, expected HIT`),
  };
}

/** What is wrong with a reference's answer that must be the site's page byte for byte, or null. */
function notTheSitesPage(res: Response, body: string, html: string): string | null {
  if (res.status !== 200) return `status ${res.status}`;
  return body === html ? null : `its HTML is not the site's page (${body.length} vs ${html.length} chars)`;
}

/**
 * Requests the scenario's URL a few times and throws unless an answer after the first (which
 * may fill the edge cache; its put runs after the response) is what the scenario claims to
 * measure. Bounded: five tries.
 */
export async function verifyScenario(s: Scenario): Promise<void> {
  let problem: string | null = null;
  for (let i = 0; i < 5; i++) {
    const res = await fetch(s.url, { redirect: 'manual', headers: { 'user-agent': CHROME_UA }, signal: AbortSignal.timeout(10_000) });
    problem = s.check(res, await res.text());
    if (i >= 1 && !problem) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`scenario "${s.label}" (${s.url}) does not measure what it says: ${problem}`);
}
