import { describe, expect, test } from 'vitest';
import { MESSAGE_LANGUAGES, ruleMessage, type MessageTable } from '../../../app/validation/messages';
import { RULE_NAMES, type RuleName } from '../../../app/validation/rule-string';
import { PROTOTYPE_NAMES } from '../../support/property';

const PARAMS: Record<RuleName, string[]> = {
  required: [],
  email: [],
  min: ['3'],
  max: ['120'],
  min_value: ['18'],
  max_value: ['99'],
  between: ['1', '10'],
  digits: ['4'],
  integer: [],
  numeric: [],
  alpha: [],
  alpha_num: [],
  alpha_dash: [],
  alpha_spaces: [],
  regex: ['^x$'],
  url: [],
  one_of: ['a', 'b'],
  not_one_of: ['a', 'b'],
  confirmed: ['password'],
  is: ['x'],
  is_not: ['x'],
  image: [],
  ext: ['jpg', 'png'],
  mimes: ['image/*'],
  size: ['500'],
  dimensions: ['300', '200'],
};
/** Parameters a visitor needs to see to fix the value. */
const SHOWN: Partial<Record<RuleName, string[]>> = {
  min: ['3'],
  max: ['120'],
  min_value: ['18'],
  max_value: ['99'],
  between: ['1', '10'],
  digits: ['4'],
  ext: ['jpg, png'],
  size: ['500'],
  dimensions: ['300', '200'],
};
const msg = (lang: string, rule: RuleName, other?: string) => ruleMessage(lang, rule, { field: 'Nimi', params: PARAMS[rule], other });

describe('validation messages', () => {
  test('exist in English, Estonian, Bulgarian, Swedish, German, Dutch, Lithuanian, Latvian, Finnish and Russian', () => {
    expect([...MESSAGE_LANGUAGES].sort()).toEqual(['bg', 'de', 'en', 'et', 'fi', 'lt', 'lv', 'nl', 'ru', 'sv']);
  });

  test('say the stock English texts for required and email exactly', () => {
    expect(ruleMessage('en', 'required', { field: 'Name', params: [] })).toBe('The Name field is required');
    expect(ruleMessage('en', 'email', { field: 'Email', params: [] })).toBe('The Email field must be a valid email');
  });

  test('interpolate parameters into the English texts', () => {
    expect(ruleMessage('en', 'max', { field: 'Name', params: ['120'] })).toBe('The Name field may not be greater than 120 characters');
    expect(ruleMessage('en', 'between', { field: 'Term', params: ['1', '10'] })).toBe('The Term field must be between 1 and 10');
    expect(ruleMessage('en', 'dimensions', { field: 'Logo', params: ['300', '200'] })).toBe(
      'The Logo field must be 300 pixels by 200 pixels',
    );
  });

  test('fall back to "The {field} is not valid" for a rule without its own text (is, is_not)', () => {
    expect(ruleMessage('en', 'is', { field: 'Code', params: ['x'] })).toBe('The Code is not valid');
    expect(ruleMessage('en', 'is_not', { field: 'Code', params: ['x'] })).toBe('The Code is not valid');
  });

  test.each(MESSAGE_LANGUAGES)('%s has its own required and email messages naming the field', (lang) => {
    for (const rule of ['required', 'email'] as const) {
      expect(msg(lang, rule)).toContain('Nimi');
      if (lang !== 'en') expect(msg(lang, rule)).not.toBe(msg('en', rule));
    }
    expect(msg(lang, 'required')).not.toBe(msg(lang, 'email'));
  });

  test.each(MESSAGE_LANGUAGES)('%s names the field and shows the needed parameters for every rule, leaving no placeholder', (lang) => {
    for (const rule of RULE_NAMES) {
      const text = msg(lang, rule);
      expect(text).toContain('Nimi');
      for (const shown of SHOWN[rule] ?? []) expect(text, rule).toContain(shown);
      expect(text, rule).not.toMatch(/[{}]/);
    }
  });

  test.each(MESSAGE_LANGUAGES)('%s has a text of its own for every rule but is and is_not', (lang) => {
    const fallback = msg(lang, 'is');
    for (const rule of RULE_NAMES.filter((r) => r !== 'is' && r !== 'is_not')) expect(msg(lang, rule), rule).not.toBe(fallback);
  });

  // The directives below are checked by `tsc -p tsconfig.json` (npm run typecheck), which covers test/.
  test('a language whose table lacks a text for a rule does not compile; is and is_not need none', () => {
    const english: Record<string, string> = { fallback: ruleMessage('en', 'is', { field: '{field}', params: [] }) };
    for (const rule of RULE_NAMES) if (rule !== 'is' && rule !== 'is_not') english[rule] = msg('en', rule);
    const { dimensions: _left, ...withoutDimensions } = english as MessageTable;
    // @ts-expect-error -- no text for `dimensions`: its visitors would read the vague fallback
    const lacking: MessageTable = withoutDimensions;
    // @ts-expect-error -- is says the fallback (as in vee-validate), so a text of its own is a mistake
    const withIs: MessageTable = { ...(english as MessageTable), is: 'The {field} must be {0}' };
    expect(Object.keys(lacking)).not.toContain('dimensions');
    expect(withIs.fallback).toBe('The {field} is not valid');
  });

  test('choose the language by the primary subtag of the page lang', () => {
    expect(msg('sv-SE', 'required')).toBe('Fältet Nimi är obligatoriskt');
    expect(msg('de-AT', 'required')).toBe(msg('de-DE', 'required'));
    expect(msg('de-AT', 'required')).toContain('Pflichtfeld');
    expect(msg('ru', 'required')).toBe('Поле Nimi обязательно для заполнения');
    expect(msg('et-EE', 'required')).toBe('Väli Nimi on kohustuslik');
    expect(msg('LV-lv', 'required')).toBe(msg('lv', 'required'));
  });

  test('use English for a language without messages', () => {
    for (const lang of ['xx', 'pl-PL', '', 'constructor', '__proto__']) expect(msg(lang, 'required')).toBe('The Nimi field is required');
  });

  test.each(PROTOTYPE_NAMES)('the page language %j gets the English message', (lang) => {
    expect(msg(lang, 'required')).toBe('The Nimi field is required');
  });

  test.each(PROTOTYPE_NAMES)('a rule named %j gets the generic message, not something Object.prototype supplies', (name) => {
    expect(ruleMessage('en', name as RuleName, { field: 'Nimi', params: [] })).toBe('The Nimi is not valid');
  });

  test('confirmed names the other field by its label when given', () => {
    expect(msg('en', 'confirmed', 'Password')).toBe('The Nimi field must match the Password field');
    expect(msg('et', 'confirmed', 'Parool')).toContain('Parool');
  });

  test('confirmed names the other field by its name when no label is given, without the @', () => {
    expect(ruleMessage('en', 'confirmed', { field: 'Repeat', params: ['@password'] })).toBe(
      'The Repeat field must match the password field',
    );
  });

  test('leave braces in a label as written', () => {
    expect(ruleMessage('en', 'min', { field: 'Code {min}', params: ['3'] })).toBe('The Code {min} field must be at least 3 characters');
  });
});
