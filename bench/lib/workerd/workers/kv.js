/**
 * Workers KV for plain workerd, which has no KV implementation of its own: a `kvNamespace`
 * binding turns every call into an HTTP request to the service it names (the protocol
 * Miniflare's KV service speaks too):
 *
 *   GET    /{key}?urlencoded=true   the value, or 404
 *   PUT    /{key}?urlencoded=true   store the request body
 *   DELETE /{key}?urlencoded=true
 *
 * Values live in this isolate's memory (one isolate per worker in `workerd serve`). The bench
 * and the load test seed and publish through a second socket on 127.0.0.1 that routes here:
 *
 *   POST /_bulk   JSON [{ key, value }, ...], written in array order
 *   POST /_faults JSON { failReads: true | false }: while true, every read answers 503, which
 *                 the binding turns into a thrown error in the worker, as a KV outage does
 *
 * Only get/put/delete: the site worker uses nothing else, and anything else answers 501 so a
 * new use shows up at once instead of as a silent miss.
 */
const store = new Map();
let failReads = false;

function keyOf(url) {
  const raw = url.pathname.slice(1);
  return url.searchParams.get('urlencoded') === 'true' ? decodeURIComponent(raw) : raw;
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/_bulk') {
      const entries = await request.json();
      for (const { key, value } of entries) store.set(key, value);
      return Response.json({ written: entries.length, size: store.size });
    }
    if (request.method === 'POST' && url.pathname === '/_faults') {
      failReads = (await request.json()).failReads === true;
      return Response.json({ failReads });
    }
    if (url.pathname === '/') return new Response('list is not implemented by the perf KV', { status: 501 });
    const key = keyOf(url);
    switch (request.method) {
      case 'GET': {
        if (failReads) return new Response('KV reads failing (load test fault window)', { status: 503 });
        const value = store.get(key);
        return value === undefined ? new Response(null, { status: 404 }) : new Response(value);
      }
      case 'PUT':
        store.set(key, await request.text());
        return new Response(null, { status: 200 });
      case 'DELETE':
        store.delete(key);
        return new Response(null, { status: 200 });
      default:
        return new Response(null, { status: 405 });
    }
  },
};
