/**
 * The Cache API for plain workerd (`cacheApiOutbound`): workerd turns `cache.match` into a GET
 * of the key URL and `cache.put` into a PUT whose body is the serialised HTTP response
 * ("HTTP/1.1 200 OK\r\nheaders\r\n\r\nbody"); a hit must carry `CF-Cache-Status: HIT`, a miss is
 * a 504 with `CF-Cache-Status: MISS`. `caches.open(name)` adds `CF-Cache-Namespace: name`.
 * (Miniflare's cache service speaks the same protocol, over a Durable Object and SQLite.)
 *
 * This one keeps entries in memory, honours max-age / s-maxage, refuses private and no-store
 * responses like the edge does, and is bounded: past MAX_ENTRIES the oldest entry goes.
 */
const MAX_ENTRIES = 2000;
const entries = new Map();

const miss = () => new Response(null, { status: 504, headers: { 'CF-Cache-Status': 'MISS' } });

function parseCacheControl(value) {
  const out = {};
  for (const part of (value ?? '').split(',')) {
    const [k, v] = part.trim().toLowerCase().split('=');
    if (k) out[k] = v === undefined ? true : Number(v);
  }
  return out;
}

const CRLFCRLF = [13, 10, 13, 10];

function splitHead(bytes) {
  outer: for (let i = 0; i + 3 < bytes.length; i++) {
    for (let j = 0; j < 4; j++) if (bytes[i + j] !== CRLFCRLF[j]) continue outer;
    return i;
  }
  return -1;
}

function parseHttpResponse(bytes) {
  const end = splitHead(bytes);
  if (end < 0) return null;
  const [statusLine, ...lines] = new TextDecoder().decode(bytes.subarray(0, end)).split('\r\n');
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d+)/.exec(statusLine)?.[1]);
  const headers = new Headers();
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return { status, headers, body: bytes.slice(end + 4) };
}

export default {
  async fetch(request) {
    const key = `${request.headers.get('CF-Cache-Namespace') ?? ''} ${request.url}`;
    if (request.method === 'GET') {
      const entry = entries.get(key);
      if (!entry) return miss();
      if (Date.now() >= entry.expires) {
        entries.delete(key);
        return miss();
      }
      const headers = new Headers(entry.headers);
      headers.set('CF-Cache-Status', 'HIT');
      return new Response(entry.body, { status: entry.status, headers });
    }
    if (request.method === 'PUT') {
      const parsed = parseHttpResponse(new Uint8Array(await request.arrayBuffer()));
      if (!parsed) return new Response('not an HTTP response', { status: 400 });
      const cc = parseCacheControl(parsed.headers.get('Cache-Control'));
      const ttl = cc['s-maxage'] ?? cc['max-age'] ?? 0;
      if (cc['private'] || cc['no-store'] || parsed.headers.has('Set-Cookie') || !(ttl > 0)) {
        return new Response(null, { status: 413 });
      }
      if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.delete(entries.keys().next().value);
      entries.set(key, { status: parsed.status, headers: [...parsed.headers], body: parsed.body, expires: Date.now() + ttl * 1000 });
      return new Response(null, { status: 204 });
    }
    if (request.method === 'PURGE') {
      return new Response(null, { status: entries.delete(key) ? 200 : 404 });
    }
    return new Response(null, { status: 405 });
  },
};
