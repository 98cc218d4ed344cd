/**
 * A reference, not the site: the site's own response for a path, fetched once from the
 * cache-bypassed instance (SITE) and then returned as stored bytes with the same headers. It is
 * what serving a page can cost in this runtime when the worker does nothing else, the
 * "route returning the saved HTML" of the reference figures (REFERENCE in
 * bench/lib/bench/budgets.ts), measured here in the same run.
 */
const saved = new Map();

async function save(env, url) {
  const res = await env.SITE.fetch(new Request(url, { headers: { 'user-agent': env.USER_AGENT } }));
  // A Headers object, which `new Response` copies natively: the cheapest way to send them.
  const headers = new Headers([...res.headers].filter(([name]) => name !== 'content-length'));
  return { status: res.status, headers, body: new Uint8Array(await res.arrayBuffer()) };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    let page = saved.get(url.pathname);
    if (!page) saved.set(url.pathname, (page = await save(env, url)));
    return new Response(page.body, { status: page.status, headers: page.headers });
  },
};
