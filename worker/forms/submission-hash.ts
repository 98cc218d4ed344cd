/**
 * What an entry's idempotency key is checked against: a hash of the submission in a canonical
 * form, so the same submission sent again hashes the same however its client ordered or spelled
 * it, and different answers hash differently. The submission is what is stored of it, the page
 * and the checked field values (routes.ts): a checkbox sent as `true`, "yes" or "on" is one
 * answer, values that are no field of the form are not part of it, and a file is its name, type
 * and size (its bytes are never kept, so two files alike in those three count as the same).
 */

/**
 * JSON with the keys of every object sorted (by UTF-16 code units, as Array.prototype.sort
 * does), so two equal documents are one string. Array order is kept: it is part of the value.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Hex SHA-256 of the canonical submission. */
export async function submissionHash(page: string, fields: Record<string, unknown>): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson({ page, fields }));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
