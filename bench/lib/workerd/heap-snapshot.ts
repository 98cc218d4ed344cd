/**
 * Heap snapshots (the JSON V8 writes for DevTools), summarised and compared without DevTools:
 * what each constructor holds (count and self size, the "Summary" view), what grew between two
 * snapshots (the "Comparison" view), and one retaining path from the GC roots to an object of a
 * class that grew, which is where a leak shows who keeps it. Pure.
 */

export interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[]; edge_fields: string[]; edge_types: unknown[] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface ClassSummary {
  name: string;
  count: number;
  bytes: number;
}

export interface ClassGrowth extends ClassSummary {
  countDelta: number;
  bytesDelta: number;
}

interface Graph {
  nodeCount: number;
  nodeFieldCount: number;
  edgeFieldCount: number;
  nodeTypes: string[];
  edgeTypes: string[];
  json: HeapSnapshotJson;
  /** index into nodes[] of each node's first edge, in edges[] */
  firstEdge: Int32Array;
  field: (name: string, fields: string[]) => number;
}

function graphOf(json: HeapSnapshotJson): Graph {
  const { node_fields, node_types, edge_fields, edge_types } = json.snapshot.meta;
  const field = (name: string, fields: string[]) => {
    const i = fields.indexOf(name);
    if (i < 0) throw new Error(`heap snapshot: no ${name} field`);
    return i;
  };
  const nodeFieldCount = node_fields.length;
  const nodeCount = json.nodes.length / nodeFieldCount;
  const edgeCountField = field('edge_count', node_fields);
  const firstEdge = new Int32Array(nodeCount + 1);
  for (let n = 0, e = 0; n < nodeCount; n++) {
    firstEdge[n] = e;
    e += json.nodes[n * nodeFieldCount + edgeCountField]! * edge_fields.length;
    firstEdge[n + 1] = e;
  }
  return {
    nodeCount,
    nodeFieldCount,
    edgeFieldCount: edge_fields.length,
    nodeTypes: node_types[0] as string[],
    edgeTypes: edge_types[0] as string[],
    json,
    firstEdge,
    field,
  };
}

/** The class a node counts under: its constructor for objects, `(type)` for the rest. */
function classOf(g: Graph, node: number): string {
  const { nodes, strings, snapshot } = g.json;
  const type = g.nodeTypes[nodes[node * g.nodeFieldCount + g.field('type', snapshot.meta.node_fields)]!]!;
  const name = strings[nodes[node * g.nodeFieldCount + g.field('name', snapshot.meta.node_fields)]!]!;
  return type === 'object' || type === 'native' ? name : `(${type})`;
}

/** Count and self size per class, largest first. */
export function summarise(json: HeapSnapshotJson): ClassSummary[] {
  const g = graphOf(json);
  const size = g.field('self_size', json.snapshot.meta.node_fields);
  const byClass = new Map<string, ClassSummary>();
  for (let n = 0; n < g.nodeCount; n++) {
    const name = classOf(g, n);
    const entry = byClass.get(name) ?? { name, count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += json.nodes[n * g.nodeFieldCount + size]!;
    byClass.set(name, entry);
  }
  return [...byClass.values()].sort((a, b) => b.bytes - a.bytes);
}

/** What grew from `before` to `after`, by bytes, largest growth first. */
export function compare(before: ClassSummary[], after: ClassSummary[]): ClassGrowth[] {
  const earlier = new Map(before.map((c) => [c.name, c]));
  return after
    .map((c) => ({
      ...c,
      countDelta: c.count - (earlier.get(c.name)?.count ?? 0),
      bytesDelta: c.bytes - (earlier.get(c.name)?.bytes ?? 0),
    }))
    .sort((a, b) => b.bytesDelta - a.bytesDelta);
}

/**
 * The shortest chain of strong references from the snapshot's root to the newest object of a
 * class (`Map > table > (array)[12] > PageEntry`), or null when none is reachable.
 */
export function retainingPath(json: HeapSnapshotJson, className: string): string[] | null {
  const g = graphOf(json);
  const { edges, strings } = json;
  const meta = json.snapshot.meta;
  const typeField = g.field('type', meta.edge_fields);
  const nameField = g.field('name_or_index', meta.edge_fields);
  const toField = g.field('to_node', meta.edge_fields);
  const parentEdge = new Int32Array(g.nodeCount).fill(-1);
  const parentNode = new Int32Array(g.nodeCount).fill(-1);
  const seen = new Uint8Array(g.nodeCount);
  seen[0] = 1;
  const queue = [0];
  let target = -1;
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head]!;
    if (n !== 0 && classOf(g, n) === className) target = n;
    for (let e = g.firstEdge[n]!; e < g.firstEdge[n + 1]!; e += g.edgeFieldCount) {
      if (g.edgeTypes[edges[e + typeField]!] === 'weak') continue;
      const to = edges[e + toField]! / g.nodeFieldCount;
      if (seen[to]) continue;
      seen[to] = 1;
      parentNode[to] = n;
      parentEdge[to] = e;
      queue.push(to);
    }
  }
  if (target < 0) return null;
  const path: string[] = [];
  for (let n = target; parentNode[n]! >= 0; n = parentNode[n]!) {
    const e = parentEdge[n]!;
    const type = g.edgeTypes[edges[e + typeField]!];
    const label = type === 'element' || type === 'hidden' ? `[${edges[e + nameField]}]` : `.${strings[edges[e + nameField]!]}`;
    path.unshift(`${label} ${classOf(g, n)}`);
  }
  return [classOf(g, 0), ...path];
}
