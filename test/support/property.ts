/**
 * Property tests: generated hostile input for every surface that takes input from outside.
 *
 * `npm test` runs them with a fixed seed and a modest number of runs, so CI is reproducible and
 * a failure names the same counterexample every time. `npm run fuzz` runs the same properties
 * with a fresh seed (printed, and repeatable with FUZZ_SEED=) and FUZZ_SCALE times the runs.
 * Property test files are named `*.property.test.ts` (Node) or `*.property.workerd.test.ts`.
 */
import fc from 'fast-check';

const FUZZ = process.env.FUZZ === '1';
const FIXED_SEED = 20_261_123;

/** The seed of this run: fixed in `npm test`, fresh (or FUZZ_SEED) under `npm run fuzz`. */
export const PROPERTY_SEED = FUZZ ? Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31 : FIXED_SEED;
const SCALE = FUZZ ? Math.max(1, Number(process.env.FUZZ_SCALE) || 50) : 1;

if (FUZZ) console.log(`property seed ${PROPERTY_SEED} (repeat with FUZZ_SEED=${PROPERTY_SEED} npm run fuzz), ${SCALE}x runs`);

/** fast-check's assert with this run's seed; `numRuns` is the `npm test` count, scaled under fuzz. */
export function checkProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IProperty<Ts>, options?: { numRuns?: number }): void;
export function checkProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  options?: { numRuns?: number },
): Promise<void>;
export function checkProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  { numRuns = 200 }: { numRuns?: number } = {},
): void | Promise<void> {
  const parameters = { seed: PROPERTY_SEED, numRuns: numRuns * SCALE };
  return property.isAsync()
    ? fc.assert(property as fc.IAsyncProperty<Ts>, parameters)
    : fc.assert(property as fc.IProperty<Ts>, parameters);
}

/** Every own name of Object.prototype (`constructor`, `__proto__`, `toString`, `hasOwnProperty`, ...). */
export const PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** Characters attackers reach for in paths, URLs and keys. */
const HOSTILE_PIECES = [
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%00',
  '%0a',
  '%0d',
  '%09',
  '\t',
  '\n',
  '\r',
  '%',
  '%%',
  '%zz',
  '%C0%AE',
  '?',
  '#',
  '&',
  '=',
  ':',
  '@',
  ';',
  ' ',
  '%20',
  '~',
  'javascript:',
  'JaVaScRiPt:',
  'data:',
  'vbscript:',
  'blob:',
  'http:',
  'https:',
  'evil.example',
  '\u0000',
  '\u2028',
  '\uFEFF',
  'é',
  '中',
  '👍',
  ...PROTOTYPE_NAMES,
];

/** A string built from hostile pieces and arbitrary text, up to a few hundred characters. */
export const hostileString = (maxPieces = 12): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 })), {
      maxLength: maxPieces,
    })
    .map((parts) => parts.join(''));

/** A path-like string: starts with `/`, then hostile pieces and segments. */
export const hostilePath = (maxPieces = 12): fc.Arbitrary<string> => hostileString(maxPieces).map((s) => `/${s}`);

/**
 * Path spellings the worker's path check refuses (worker/request-path.ts) after a URL parser
 * has read them: encoded separators, control characters, overlong or broken UTF-8, and paths
 * over the length limit, in front of the site's open routes.
 */
export const refusedPath = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('', '/en', '/_app', '/media', '/editor', '/robots.txt', '/preview'),
        fc.constantFrom('%2F', '%2f', '%5C', '%5c', '%00', '%0d%0a', '%1F', '%7F', '%C0%AE', '%E0%A4%A', '%25%2F'),
        fc.constantFrom('', 'health', 'page-1', '/x', '..%2Fbuilds/latest.json'),
      )
      .map(([a, b, c]) => `${a}/${b}${c}`),
    fc.integer({ min: 1025, max: 4000 }).map((n) => `/${'a'.repeat(n)}`),
  );
