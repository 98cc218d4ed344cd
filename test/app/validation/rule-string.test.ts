import { describe, expect, test } from 'vitest';
import { GTM_ID_RE, parseRuleString } from '../../../app/validation/rule-string';
import { PROTOTYPE_NAMES } from '../../support/property';

describe('rule strings', () => {
  test('parses rules and their parameters in order', () => {
    expect(parseRuleString('required|max:120|between:1,10|one_of:a,b')).toEqual({
      ok: true,
      rules: [
        { name: 'required', params: [] },
        { name: 'max', params: ['120'] },
        { name: 'between', params: ['1', '10'] },
        { name: 'one_of', params: ['a', 'b'] },
      ],
    });
  });

  test('an empty string is no rules', () => {
    expect(parseRuleString('')).toEqual({ ok: true, rules: [] });
  });

  test('keeps commas inside a regex pattern', () => {
    expect(parseRuleString('regex:^[0-9]{2,4}$')).toEqual({ ok: true, rules: [{ name: 'regex', params: ['^[0-9]{2,4}$'] }] });
  });

  test.each([
    ['requird', 'unknown rule "requird"'],
    ['max', 'rule "max" needs one whole number'],
    ['max:abc', 'rule "max" needs one whole number'],
    ['between:10,1', 'rule "between" needs two numbers, the lower first'],
    ['between:1', 'rule "between" needs two numbers'],
    ['email:x', 'rule "email" takes no parameters'],
    ['one_of:', 'rule "one_of" needs at least one value'],
    ['regex:([', 'not a valid regular expression'],
    ['mimes:imagepng', 'rule "mimes" needs MIME types'],
    ['dimensions:300', 'rule "dimensions" needs a width and a height'],
    ['size:0', 'rule "size" needs a size in KB above 0'],
    ['required|required', 'appears twice'],
    ['confirmed:', 'rule "confirmed" needs the name of the field'],
  ])('rejects %j', (source, message) => {
    const result = parseRuleString(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  test.each(PROTOTYPE_NAMES)('the Object.prototype name %j is an unknown rule, not a rule Object.prototype supplies', (name) => {
    expect(parseRuleString(`required|${name}`)).toEqual({ ok: false, error: `unknown rule "${name}"` });
  });

  test('tag-manager ids are GTM- and uppercase letters or digits', () => {
    expect(GTM_ID_RE.test('GTM-AB12CD3')).toBe(true);
    for (const bad of ['GTM-ab12', 'gtm-AB12', 'GTM-', 'GTM-AB 12', 'UA-12345']) expect(GTM_ID_RE.test(bad)).toBe(false);
  });
});
