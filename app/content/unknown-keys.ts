/**
 * Objects of the content model refuse keys they do not know: a misspelt optional field
 * (`"descripton"`) would otherwise be dropped in silence and the page built without it. The
 * refusal names the closest known key when one is close enough to be the intended one.
 */
import { z } from 'zod';

/**
 * Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`: a swapped pair is
 * one slip of the fingers, so `lable` is as close to `label` as `labl` is.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known key `key` most likely stands for, or null. Case is ignored (`submitlabel`); a key
 * of up to 4 characters may be one edit away, a longer one two: further than that, a
 * suggestion is more likely to mislead than to help.
 */
export function closestKey(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  const allowed = lower.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** A key is shown as JSON writes it, so a key of spaces or quotes is still readable. */
const shown = (key: string) => JSON.stringify(key);

/**
 * What an editor reads for the keys an object does not know: each key, with the known key it
 * may stand for, and the known keys when one of them has no close match.
 */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  let unmatched = false;
  const parts = keys.map((key) => {
    const close = closestKey(key, known);
    if (close === null) unmatched = true;
    return close === null ? shown(key) : `${shown(key)}: did you mean ${shown(close)}?`;
  });
  const list = `Unknown field${keys.length === 1 ? '' : 's'} ${parts.join('; ')}`;
  return unmatched ? `${list} (the fields here are ${known.join(', ')})` : list;
}

/** `z.strictObject` whose refusal of an unknown key suggests the known key it may stand for. */
export function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKeysMessage(issue.keys, known) : undefined),
  });
}
