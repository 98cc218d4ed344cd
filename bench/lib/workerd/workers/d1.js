/**
 * D1 for plain workerd, which has no D1 of its own: the worker's FORMS_DB binding is workerd's
 * own D1 client (the internal module `cloudflare-internal:d1-api`, as Miniflare wires it), whose
 * queries arrive here over HTTP, in the protocol Miniflare's D1 service speaks:
 *
 *   POST /query or /execute   JSON { sql, params } or an array of them, run in one transaction;
 *                             answers an array of { success, results, meta }
 *
 * The database is a Durable Object's SQLite storage, in memory. The load test migrates it and
 * counts the stored entries through a second socket on 127.0.0.1 that routes here.
 */
export class Database {
  constructor(state) {
    this.storage = state.storage;
  }

  run(query, format) {
    const sql = this.storage.sql;
    const before = sql.exec('SELECT total_changes() AS n').one().n;
    const cursor = sql.exec(query.sql, ...(query.params ?? []));
    const columns = cursor.columnNames;
    const rows = [...cursor.raw()];
    const changes = sql.exec('SELECT total_changes() AS n').one().n - before;
    const results =
      format === 'ROWS_AND_COLUMNS' ? { columns, rows } : rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
    return {
      success: true,
      results,
      meta: {
        served_by: 'bench-d1',
        duration: 0,
        changes,
        last_row_id: 0,
        changed_db: changes > 0,
        size_after: 0,
        rows_read: cursor.rowsRead,
        rows_written: cursor.rowsWritten,
      },
    };
  }

  async fetch(request) {
    // Anything else (the runtime's readiness probe is a GET) is not a query.
    if (request.method !== 'POST') return new Response('POST /query or /execute', { status: 405 });
    const body = await request.json();
    const queries = (Array.isArray(body) ? body : [body]).filter((q) => q.sql.replace(/^\s*--.*$/gm, '').trim() !== '');
    const format = new URL(request.url).searchParams.get('resultsFormat') ?? 'ARRAY_OF_OBJECTS';
    try {
      return Response.json(this.storage.transactionSync(() => queries.map((q) => this.run(q, format))));
    } catch (err) {
      return Response.json({ success: false, error: String(err?.message ?? err) }, { status: 500 });
    }
  }
}

export default {
  fetch(request, env) {
    return env.DATABASE.get(env.DATABASE.idFromName('FORMS_DB')).fetch(request);
  },
};
