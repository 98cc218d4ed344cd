/**
 * A reference, not the site: the site's page as a memory hit sends it (the bytes and every
 * header, ETag and X-Edge-Cache: HIT included, saved once from the caching instance, SITE),
 * plus the calls into the runtime that any memory hit must make and the saved-HTML reference
 * does not: the request headers the hit reads (the request id, the browser check's User-Agent
 * and two brand lists, the mobile and platform hints only beside a brand list, If-None-Match)
 * and one log line of the same shape. No policy, no memory, no logic of the site's: what a hit
 * costs in this runtime before the site's own code (bench/README.md, "`npm run bench:instructions`").
 */
const saved = new Map();

async function save(env, url) {
  const init = { headers: { 'user-agent': env.USER_AGENT } };
  // The first answer may be a miss that fills the memory; the page is kept as a hit sends it.
  for (let i = 0; i < 5; i++) {
    const res = await env.SITE.fetch(new Request(url, init));
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.headers.get('x-edge-cache') === 'HIT') {
      const headers = new Headers([...res.headers].filter(([name]) => name !== 'content-length'));
      return { status: res.status, headers, body };
    }
  }
  throw new Error(`hit-calls: ${url.pathname} never came from the site's memory`);
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    let page = saved.get(url.pathname);
    if (!page) saved.set(url.pathname, (page = await save(env, url)));
    const headers = request.headers;
    const requestId = headers.get('cf-ray') ?? crypto.randomUUID();
    // Read as the browser check reads them; what it decides from them is the site's own logic.
    headers.get('user-agent');
    const brandList = headers.get('sec-ch-ua');
    const fullVersionList = headers.get('sec-ch-ua-full-version-list');
    if (brandList || fullVersionList) {
      headers.get('sec-ch-ua-mobile');
      headers.get('sec-ch-ua-platform');
    }
    if (headers.has('if-none-match')) return new Response(null, { status: 304, headers: { etag: page.headers.get('etag') ?? '' } });
    const response = new Response(page.body, { status: page.status, headers: page.headers });
    console.log(
      `{"type":"request","requestId":"${requestId}","method":"GET","path":${JSON.stringify(url.pathname)},"status":${page.status},"build":null,"cache":"hit","mode":"live","ms":0,"short":true}`,
    );
    return response;
  },
};
