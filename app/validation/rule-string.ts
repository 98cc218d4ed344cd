/**
 * The stock-rule syntax of form fields (`required|email|max:120|between:1,10`), parsed once.
 * This module knows every rule's name and the shape of its parameters; what each rule
 * accepts at run time lives with the validators.
 */

export type RuleName =
  | 'required'
  | 'email'
  | 'min'
  | 'max'
  | 'min_value'
  | 'max_value'
  | 'between'
  | 'digits'
  | 'integer'
  | 'numeric'
  | 'alpha'
  | 'alpha_num'
  | 'alpha_dash'
  | 'alpha_spaces'
  | 'regex'
  | 'url'
  | 'one_of'
  | 'not_one_of'
  | 'confirmed'
  | 'is'
  | 'is_not'
  | 'image'
  | 'ext'
  | 'mimes'
  | 'size'
  | 'dimensions';

export interface ParsedRule {
  name: RuleName;
  params: string[];
}

type ParamCheck = (params: string[]) => string | null;

const none: ParamCheck = (p) => (p.length === 0 ? null : 'takes no parameters');

const isNonNegInt = (s: string) => /^\d+$/.test(s);
const isNumber = (s: string) => /^-?\d+(\.\d+)?$/.test(s);

const oneNonNegInt: ParamCheck = (p) => (p.length === 1 && isNonNegInt(p[0]!) ? null : 'needs one whole number, e.g. max:120');
const onePositiveInt: ParamCheck = (p) =>
  p.length === 1 && isNonNegInt(p[0]!) && Number(p[0]) > 0 ? null : 'needs one whole number above 0';
const oneNumber: ParamCheck = (p) => (p.length === 1 && isNumber(p[0]!) ? null : 'needs one number, e.g. min_value:1');
const someValues: ParamCheck = (p) => (p.length >= 1 && p.every((v) => v !== '') ? null : 'needs at least one value, e.g. one_of:a,b');
const oneValue: ParamCheck = (p) => (p.length === 1 && p[0] !== '' ? null : 'needs one value');

// A Map, not an object: rule names come from content, and `hasOwnProperty` or `__proto__` must
// read as unknown rules, never as something Object.prototype supplies.
const RULES = new Map<RuleName, ParamCheck>(
  Object.entries({
    required: none,
    email: none,
    min: oneNonNegInt,
    max: oneNonNegInt,
    min_value: oneNumber,
    max_value: oneNumber,
    between: (p) =>
      p.length === 2 && p.every(isNumber) && Number(p[0]) <= Number(p[1]) ? null : 'needs two numbers, the lower first, e.g. between:1,10',
    digits: onePositiveInt,
    integer: none,
    numeric: none,
    alpha: none,
    alpha_num: none,
    alpha_dash: none,
    alpha_spaces: none,
    regex: (p) => {
      if (p.length === 0 || p.join(',') === '') return 'needs a pattern, e.g. regex:^[0-9]+$';
      try {
        new RegExp(p.join(','), 'u');
        return null;
      } catch {
        return 'has a pattern that is not a valid regular expression';
      }
    },
    url: none,
    one_of: someValues,
    not_one_of: someValues,
    confirmed: (p) =>
      p.length === 1 && /^@?[a-zA-Z][a-zA-Z0-9_]*$/.test(p[0]!) ? null : 'needs the name of the field to match, e.g. confirmed:password',
    is: oneValue,
    is_not: oneValue,
    image: none,
    ext: (p) => (p.length >= 1 && p.every((e) => /^[a-z0-9]+$/i.test(e)) ? null : 'needs file extensions, e.g. ext:jpg,png'),
    mimes: (p) =>
      p.length >= 1 && p.every((m) => /^[a-z0-9.+-]+\/([a-z0-9.+-]+|\*)$/i.test(m))
        ? null
        : 'needs MIME types, e.g. mimes:image/*,application/pdf',
    size: (p) => (p.length === 1 && isNumber(p[0]!) && Number(p[0]) > 0 ? null : 'needs a size in KB above 0, e.g. size:500'),
    dimensions: (p) => (p.length === 2 && p.every(isNonNegInt) ? null : 'needs a width and a height in pixels, e.g. dimensions:300,200'),
  } satisfies Record<RuleName, ParamCheck>) as [RuleName, ParamCheck][],
);

export const RULE_NAMES: readonly RuleName[] = [...RULES.keys()];

export type ParseResult = { ok: true; rules: ParsedRule[] } | { ok: false; error: string };

/**
 * Parses a rule string. `regex` keeps its whole remainder as one pattern (commas included),
 * so a pattern cannot contain `|`; that limit belongs to the string syntax.
 */
export function parseRuleString(source: string): ParseResult {
  const rules: ParsedRule[] = [];
  if (source.trim() === '') return { ok: true, rules };
  for (const part of source.split('|')) {
    const colon = part.indexOf(':');
    const name = (colon === -1 ? part : part.slice(0, colon)).trim();
    const rawParams = colon === -1 ? null : part.slice(colon + 1);
    const ruleName = name as RuleName;
    const check = RULES.get(ruleName);
    if (!check) return { ok: false, error: `unknown rule "${name}"` };
    const params = rawParams === null ? [] : ruleName === 'regex' ? [rawParams] : rawParams.split(',').map((s) => s.trim());
    const problem = check(params);
    if (problem) return { ok: false, error: `rule "${name}" ${problem}` };
    if (rules.some((r) => r.name === ruleName)) return { ok: false, error: `rule "${name}" appears twice` };
    rules.push({ name: ruleName, params });
  }
  return { ok: true, rules };
}

/** The tag-manager container id form, checked where site.json is validated. */
export const GTM_ID_RE = /^GTM-[A-Z0-9]+$/;
