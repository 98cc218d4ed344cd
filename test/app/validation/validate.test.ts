import { describe, expect, test } from 'vitest';
import { compileRules, isRequired, validateField, validateFieldSync, type ValidationContext } from '../../../app/validation/validate';

const en: ValidationContext = { label: 'Email', lang: 'en' };
/** 3 x 2, lossless, encoded by libwebp. */
const WEBP = new File([Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAkAAAAdQ5CIXuf+BiOh/AAA=', 'base64')], 'pic.webp', { type: 'image/webp' });

describe('compileRules', () => {
  test('parses a rule string into rules in the order written', () => {
    expect(compileRules('required|email|max:120')).toEqual([
      { name: 'required', params: [] },
      { name: 'email', params: [] },
      { name: 'max', params: ['120'] },
    ]);
  });

  test('returns the same rules object for the same string', () => {
    expect(compileRules('required|between:1,10')).toBe(compileRules('required|between:1,10'));
  });

  test('yields no rules for an invalid string, a missing string and an empty one', () => {
    expect(compileRules('requird|max:x')).toEqual([]);
    expect(compileRules(undefined)).toEqual([]);
    expect(compileRules('')).toEqual([]);
  });

  test('hands out rules that callers cannot change for each other', () => {
    expect(Object.isFrozen(compileRules('required|email'))).toBe(true);
  });
});

describe('isRequired', () => {
  test('is true only when the rules include required', () => {
    expect(isRequired(compileRules('email|required'))).toBe(true);
    expect(isRequired(compileRules('email'))).toBe(false);
    expect(isRequired(compileRules(undefined))).toBe(false);
  });
});

describe('validateField', () => {
  test('is null when every rule passes', async () => {
    expect(await validateField(compileRules('required|email|max:120'), 'mari@example.ee', en)).toBeNull();
  });

  test('returns the message of the first rule broken, in the order written', async () => {
    expect(await validateField(compileRules('required|email|min:30'), 'not-an-email', en)).toBe('The Email field must be a valid email');
    expect(await validateField(compileRules('required|min:30|email'), 'not-an-email', en)).toBe(
      'The Email field must be at least 30 characters',
    );
    expect(await validateField(compileRules('required|email'), '', en)).toBe('The Email field is required');
  });

  test('lets an optional field stay empty', async () => {
    expect(await validateField(compileRules('email|min:5'), '', en)).toBeNull();
    expect(await validateField(compileRules('email|min:5'), undefined, en)).toBeNull();
  });

  test('speaks the language of the page', async () => {
    expect(await validateField(compileRules('required'), '', { label: 'E-post', lang: 'sv-SE' })).toBe('Fältet E-post är obligatoriskt');
    expect(await validateField(compileRules('required'), '', { label: 'E-Mail', lang: 'de-AT' })).toBe(
      'Das Feld E-Mail ist ein Pflichtfeld',
    );
  });

  test('compares confirmed with the other value and names the other field by its label', async () => {
    const ctx: ValidationContext = {
      label: 'Repeat password',
      lang: 'en',
      values: { password: 'Salasõna1' },
      labels: { password: 'Password' },
    };
    expect(await validateField(compileRules('required|confirmed:password'), 'Salasõna1', ctx)).toBeNull();
    expect(await validateField(compileRules('required|confirmed:password'), 'other', ctx)).toBe(
      'The Repeat password field must match the Password field',
    );
  });

  test('names the other field by its name when its label is unknown', async () => {
    expect(await validateField(compileRules('confirmed:@password'), 'x', { label: 'Repeat', lang: 'en', values: { password: 'y' } })).toBe(
      'The Repeat field must match the password field',
    );
  });

  test('names a field called constructor by its name, not by what Object.prototype holds under it', async () => {
    const ctx: ValidationContext = { label: 'Repeat', lang: 'en', values: { constructor: 'y' }, labels: {} };
    expect(await validateField(compileRules('confirmed:constructor'), 'x', ctx)).toBe('The Repeat field must match the constructor field');
  });

  test('compares confirmed with a field called toString by that field’s value', async () => {
    const ctx: ValidationContext = { label: 'Repeat', lang: 'en', values: {} };
    expect(await validateField(compileRules('confirmed:toString'), '', ctx)).toBeNull();
  });

  test('reads image files for dimensions', async () => {
    const ctx = { label: 'Logo', lang: 'en' };
    expect(await validateField(compileRules('required|image|dimensions:3,2'), [WEBP], ctx)).toBeNull();
    expect(await validateField(compileRules('required|image|dimensions:300,200'), [WEBP], ctx)).toBe(
      'The Logo field must be 300 pixels by 200 pixels',
    );
  });

  test('still stops at an earlier failing rule before reading any file', async () => {
    const ctx = { label: 'Logo', lang: 'en' };
    expect(await validateField(compileRules('mimes:image/png|dimensions:300,200'), [WEBP], ctx)).toBe(
      'The Logo field must have a valid file type',
    );
  });
});

describe('validateFieldSync', () => {
  test('gives the same verdict as validateField for rules that do not read files', () => {
    expect(validateFieldSync(compileRules('required|email'), 'not-an-email', en)).toBe('The Email field must be a valid email');
    expect(validateFieldSync(compileRules('required|email'), 'mari@example.ee', en)).toBeNull();
  });

  test('lets dimensions pass, since it cannot read the file, but checks the other file rules', () => {
    const ctx = { label: 'Logo', lang: 'en' };
    expect(validateFieldSync(compileRules('image|dimensions:300,200'), [WEBP], ctx)).toBeNull();
    expect(validateFieldSync(compileRules('image|size:0.001|dimensions:300,200'), [WEBP], ctx)).toBe(
      'The Logo field size may not be greater than 0.001 KB',
    );
  });
});
