/**
 * Objects of the content model refuse keys they do not know: a misspelt optional field
 * (`"descripton"`) would otherwise be dropped in silence and the page built without it. The
 * refusal names the closest known key when one is close enough to be the intended one.
 */
import { z } from 'zod';
import { closestName } from '../text/closest-name';

/** The known key `key` most likely stands for (app/text/closest-name.ts says how close), or null. */
export const closestKey = (key: string, known: readonly string[]): string | null => closestName(key, known) ?? null;

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
