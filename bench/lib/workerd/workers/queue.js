/**
 * A queue producer's far end for plain workerd, which has no queues of its own: the worker's
 * FORMS_QUEUE binding (`queue = "forms-queue"`) sends each message here over HTTP, as it does
 * to Miniflare's queue broker (POST /message, POST /batch). Messages are counted and dropped:
 * the load test measures storing entries, not delivering them, and a dropped message is one the
 * worker's scheduled sweep would send again. GET /count says how many arrived.
 */
let messages = 0;

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/count') return Response.json({ messages });
    if (request.method !== 'POST') return new Response(null, { status: 405 });
    if (url.pathname === '/message') {
      await request.arrayBuffer();
      messages++;
    } else if (url.pathname === '/batch') messages += (await request.json()).messages?.length ?? 0;
    else return new Response('not a queue operation', { status: 404 });
    return Response.json({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: 0 } } });
  },
};
