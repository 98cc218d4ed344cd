/**
 * Batched writes to a local KV namespace (scripts/lib/kv-bulk.ts): the writer and its worker in
 * a real workerd (Miniflare) over real namespaces. Local state's writer is the one local
 * publishes use (publishing.test.ts and the e2e files' `npm start` go through it).
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KV_BULK_ITEMS_PER_REQUEST, KV_BULK_WORKER, kvBulkWriter } from '../../scripts/lib/kv-bulk';
import { readWranglerToml } from '../../scripts/lib/wrangler-toml';

let mf: Miniflare;
type Kv = Awaited<ReturnType<Miniflare['getKVNamespace']>>;
let kv: Kv;
let other: Kv;

beforeAll(async () => {
  mf = new Miniflare({
    modules: true,
    script: KV_BULK_WORKER,
    compatibilityDate: readWranglerToml().compatibility_date,
    kvNamespaces: { KV: 'kv-bulk-test', OTHER: 'kv-bulk-other' },
  });
  [kv, other] = await Promise.all([mf.getKVNamespace('KV'), mf.getKVNamespace('OTHER')]);
}, 60_000);

afterAll(() => mf?.dispose());

const writer = (binding: string) => kvBulkWriter((url, init) => mf.dispatchFetch(url, init), binding);
const send = (path: string, body: string) => mf.dispatchFetch(`http://kv-bulk.local${path}`, { method: 'POST', body });
const records = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}/${i}`, value: `value ${i}`, metadata: { n: i } }));

describe('a bulk writer', () => {
  test('puts more records than one request takes, each with its value and metadata', async () => {
    const many = records(KV_BULK_ITEMS_PER_REQUEST * 2 + 50, 'put');
    await writer('KV').put(many);
    const stored = await Promise.all(many.map((r) => kv.getWithMetadata(r.key, 'text')));
    expect(stored.filter((got, i) => got.value !== many[i]!.value || (got.metadata as { n: number }).n !== i)).toEqual([]);
  });

  test('deletes more keys than one request takes, and nothing else', async () => {
    const many = records(KV_BULK_ITEMS_PER_REQUEST + 30, 'del');
    await writer('KV').put([...many, { key: 'kept', value: 'here' }]);
    await writer('KV').delete(many.map((r) => r.key));
    expect((await kv.list({ prefix: 'del/' })).keys).toEqual([]);
    expect(await kv.get('kept', 'text')).toBe('here');
  });

  test('writes to the namespace of its binding only', async () => {
    await writer('OTHER').put([{ key: 'only-other', value: 'x' }]);
    expect(await other.get('only-other', 'text')).toBe('x');
    expect(await kv.get('only-other', 'text')).toBeNull();
  });

  test("a record KV refuses fails the put with KV's reason and the binding's name", async () => {
    const tooLong = 'k'.repeat(600); // KV keys are at most 512 bytes
    await expect(writer('KV').put([{ key: tooLong, value: 'v' }])).rejects.toThrow(/^local KV put of 1 keys in KV failed \(500\): .+/);
  });

  test('a binding the worker does not have is refused by name', async () => {
    await expect(writer('MISSING').put([{ key: 'a', value: 'b' }])).rejects.toThrow(
      'local KV put of 1 keys in MISSING failed (404): no such KV binding or operation: MISSING/put',
    );
  });
});

describe('the bulk worker', () => {
  test.each([
    ['not JSON', '{'],
    ['a record without a value', JSON.stringify([{ key: 'a' }])],
    ['an object, not a list', JSON.stringify({ key: 'a', value: 'b' })],
  ])('answers 400 to a put whose body is %s, and writes nothing', async (_what, body) => {
    const res = await send('/KV/put', body);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('the body must be a JSON list of { key, value } records');
    expect(await kv.get('a', 'text')).toBeNull();
  });

  test('answers 400 to a delete whose keys are not strings', async () => {
    const res = await send('/KV/delete', JSON.stringify([1, 2]));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('the body must be a JSON list of keys');
  });

  test('answers 404 to an operation it does not have', async () => {
    const res = await send('/KV/list', '[]');
    expect(res.status).toBe(404);
    await res.text();
  });
});
