/**
 * Rule strings come from content files and values from visitors: the parser and the validators
 * must answer every input with a verdict, never an exception.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RULE_NAMES, parseRuleString, type ParsedRule } from '../../../app/validation/rule-string';
import { validateField, validateFieldSync, type FieldValue } from '../../../app/validation/validate';
import { isSafeRulePattern } from '../../../scripts/lib/regex-safety';
import { PROTOTYPE_NAMES, checkProperty, hostileString } from '../../support/property';

const KNOWN = new Set<string>(RULE_NAMES);

/** A rule string that is often close to valid: known and hostile names, hostile parameters. */
const ruleString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...RULE_NAMES, ...PROTOTYPE_NAMES), hostileString(3)),
      fc.option(fc.oneof(hostileString(4), fc.constantFrom('1', '1,10', 'a,b', 'jpg,png', 'image/*', '300,200', '^[0-9]+$', 'password')), {
        nil: undefined,
      }),
    ),
    { maxLength: 5 },
  )
  .map((rules) => rules.map(([name, params]) => (params === undefined ? name : `${name}:${params}`)).join('|'));

/** A value list item: hostile, but without the separators of the rule syntax. */
const item = hostileString(3).map((s) => s.replace(/[|,]/g, '') || 'x');
const identifiers = PROTOTYPE_NAMES.filter((n) => /^[a-zA-Z]/.test(n));
const num = fc.integer({ min: -1000, max: 1000 }).map(String);

/** Parameters each rule takes, valid in shape and hostile in content where the rule allows it. */
const PARAMS: Record<string, fc.Arbitrary<string | undefined>> = {
  min: fc.nat(50).map(String),
  max: fc.nat(50).map(String),
  digits: fc.integer({ min: 1, max: 9 }).map(String),
  min_value: num,
  max_value: num,
  between: fc.tuple(num, num).map(([a, b]) => (Number(a) <= Number(b) ? `${a},${b}` : `${b},${a}`)),
  regex: fc.oneof(fc.constantFrom('^[0-9]+$', '^\\p{Lu}', '[a-z]', '^(ab|c)+$', '^(a+)+$', '(x*)*y'), hostileString(3)),
  one_of: fc.array(item, { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
  not_one_of: fc.array(item, { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
  confirmed: fc.constantFrom('password', '@password', ...identifiers),
  is: item,
  is_not: item,
  ext: fc.constantFrom('jpg,png', 'pdf'),
  mimes: fc.constantFrom('image/*', 'application/pdf'),
  size: fc.constantFrom('1', '500'),
  dimensions: fc.constantFrom('3,2', '1,1'),
};

/** A rule string made of known rules, most of which the parser accepts. */
const knownRules = fc
  .uniqueArray(fc.constantFrom(...RULE_NAMES), { maxLength: 6 })
  .chain((names) =>
    fc.tuple(...names.map((name) => (PARAMS[name] ?? fc.constant(undefined)).map((p) => (p === undefined ? name : `${name}:${p}`)))),
  )
  .map((parts) => parts.join('|'));

/** What the build lets through: the parser's verdict plus its refusal of super-linear patterns. */
function buildAccepts(source: string): readonly ParsedRule[] | null {
  const parsed = parseRuleString(source);
  if (!parsed.ok) return null;
  return parsed.rules.every((r) => r.name !== 'regex' || isSafeRulePattern(r.params.join(','))) ? parsed.rules : null;
}

const file = (name: string, type: string, content: string) => new File([content], name, { type });

const value: fc.Arbitrary<FieldValue> = fc.oneof(
  hostileString(),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.array(
    fc.tuple(hostileString(3), hostileString(2), hostileString(4)).map(([n, t, c]) => file(n, t, c)),
    { maxLength: 2 },
  ),
);

const ctx = (lang: string, values: Record<string, FieldValue>) => ({ label: 'Field', lang, values, labels: { password: 'Password' } });

describe('rule strings against hostile input', () => {
  test('the parser never throws and answers ok or an error message', () => {
    checkProperty(
      fc.property(fc.oneof(ruleString, hostileString()), (source) => {
        const result = parseRuleString(source);
        expect(result.ok ? Array.isArray(result.rules) : typeof result.error === 'string').toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('the parser accepts only known rule names', () => {
    checkProperty(
      fc.property(ruleString, (source) => {
        const result = parseRuleString(source);
        if (result.ok) for (const rule of result.rules) expect(KNOWN.has(rule.name)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('a rule set the build accepts judges hostile values without throwing', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.oneof(knownRules, ruleString),
        value,
        hostileString(2),
        fc.dictionary(fc.constantFrom('password', ...PROTOTYPE_NAMES), value),
        async (source, v, lang, values) => {
          const rules = buildAccepts(source);
          if (!rules) return;
          const sync = validateFieldSync(rules, v, ctx(lang, values));
          const full = await validateField(rules, v, ctx(lang, values));
          expect(sync === null || typeof sync === 'string').toBe(true);
          expect(full === null || typeof full === 'string').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
