/**
 * Hostile User-Agents for the property tests of both browser checks: hostile text, text far past
 * the length cap, real User-Agents from the shared table with junk spliced in, cut or glued
 * together, and table browsers with an Object.prototype name as their product token or version.
 */
import fc from 'fast-check';
import { hostileString, PROTOTYPE_NAMES } from './property';
import { NAMED_UA_CASES, UA_TABLE } from './user-agents';

export const REAL_UAS: readonly string[] = [...UA_TABLE, ...NAMED_UA_CASES].map(([, ua]) => ua).filter((ua) => ua.trim() !== '');

/** A table browser's name with a prototype name in the place of its product token or version. */
export const prototypeUa: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('Chrome', 'CriOS', 'Edg', 'OPR', 'Firefox', 'Version'))
  .chain(([name, token]) =>
    fc.constantFrom(
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${name}/1.0 Safari/537.36`,
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${name} like Mac OS X) AppleWebKit/605.1.15 ${token}/${name} Mobile/15E148 Safari/604.1`,
      `Mozilla/5.0 (Linux; Android ${name}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ${token}/${name} Mobile Safari/537.36`,
    ),
  );

export const hostileUserAgent: fc.Arbitrary<string> = fc.oneof(
  hostileString(),
  hostileString(40).map((s) => s.repeat(50)), // far past the length cap
  fc
    .tuple(fc.constantFrom(...REAL_UAS), hostileString(), fc.nat({ max: 300 }))
    .map(([ua, junk, at]) => ua.slice(0, at) + junk + ua.slice(at)),
  fc
    .tuple(fc.constantFrom(...REAL_UAS), fc.nat({ max: 300 }), fc.nat({ max: 40 }))
    .map(([ua, at, cut]) => ua.slice(0, at) + ua.slice(at + cut)),
  fc
    .tuple(fc.constantFrom(...REAL_UAS), fc.constantFrom(...REAL_UAS), fc.nat({ max: 250 }), fc.nat({ max: 250 }))
    .map(([a, b, i, j]) => a.slice(0, i) + b.slice(j)),
  prototypeUa,
);
