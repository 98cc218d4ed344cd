/**
 * A Cache API service that stores nothing: every match misses, every put is read and dropped.
 * The "cache bypassed" instance of the site worker uses it, so a request runs the whole
 * middleware chain (the cache lookup and the put included) and renders every time, with
 * nothing added to or removed from the worker's code.
 */
export default {
  async fetch(request) {
    if (request.method === 'PUT') {
      await request.arrayBuffer();
      return new Response(null, { status: 204 });
    }
    if (request.method === 'GET') return new Response(null, { status: 504, headers: { 'CF-Cache-Status': 'MISS' } });
    return new Response(null, { status: request.method === 'PURGE' ? 404 : 405 });
  },
};
