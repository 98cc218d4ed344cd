/** Heap snapshots summarised and compared, on a snapshot small enough to read. */
import { expect, test } from 'vitest';
import { compare, retainingPath, summarise, type HeapSnapshotJson } from '../../../bench/lib/workerd/heap-snapshot';

const NODE_TYPES = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic'];
const EDGE_TYPES = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak'];

/**
 * (root) -.cache-> Map -[0]-> PageEntry (a page kept on purpose)
 *                  Map -weak-> PageEntry (only weakly held: not a retainer)
 * plus a string of 100 bytes. Fields as V8 writes them: nodes are 7 numbers, edges 3.
 */
function snapshot(pages: number): HeapSnapshotJson {
  const strings = ['(root)', 'Map', 'PageEntry', 'cache', 'some text'];
  const node = (type: string, name: number, id: number, size: number, edges: number) => [
    NODE_TYPES.indexOf(type),
    name,
    id,
    size,
    edges,
    0,
    0,
  ];
  const nodes = [...node('synthetic', 0, 1, 0, 1), ...node('object', 1, 2, 40, pages), ...node('string', 4, 3, 100, 0)];
  const edges = [EDGE_TYPES.indexOf('property'), 3, 7];
  for (let i = 0; i < pages; i++) {
    nodes.push(...node('object', 2, 10 + i, 64, 0));
    edges.push(EDGE_TYPES.indexOf(i === 0 ? 'element' : 'weak'), i, (3 + i) * 7);
  }
  return {
    snapshot: {
      meta: {
        node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'trace_node_id', 'detachedness'],
        node_types: [NODE_TYPES, 'string', 'number', 'number', 'number', 'number', 'number'],
        edge_fields: ['type', 'name_or_index', 'to_node'],
        edge_types: [EDGE_TYPES, 'string_or_number', 'node'],
      },
    },
    nodes,
    edges,
    strings,
  };
}

test('the summary counts objects by constructor and other nodes by type, largest first', () => {
  expect(summarise(snapshot(2))).toEqual([
    { name: 'PageEntry', count: 2, bytes: 128 },
    { name: '(string)', count: 1, bytes: 100 },
    { name: 'Map', count: 1, bytes: 40 },
    { name: '(synthetic)', count: 1, bytes: 0 },
  ]);
});

test('the comparison puts what grew most first, with its growth in count and bytes', () => {
  const [first] = compare(summarise(snapshot(1)), summarise(snapshot(4)));
  expect(first).toEqual({ name: 'PageEntry', count: 4, bytes: 256, countDelta: 3, bytesDelta: 192 });
});

test('the retaining path follows strong references from the root and names each hop', () => {
  expect(retainingPath(snapshot(3), 'PageEntry')).toEqual(['(synthetic)', '.cache Map', '[0] PageEntry']);
  expect(retainingPath(snapshot(3), 'NoSuchClass')).toBeNull();
});
