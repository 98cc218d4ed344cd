import { describe, expect, test } from 'vitest';
import { parseRuleString, RULE_NAMES, type ParsedRule, type RuleName } from '../../../app/validation/rule-string';
import { FORM_REGEX_MAX_CHARS } from '../../../app/constants';
import { IMAGE_HEAD_BYTES } from '../../../app/validation/image-info';
import { checkRule, checkRuleAsync, isEmpty, validatorsByName, type Validator, type Validators } from '../../../app/validation/rules';
import type { FieldValue } from '../../../app/validation/validate';
import { WEBP_LOSSLESS, gif, jpeg, png } from '../../support/images';

function rule(source: string): ParsedRule {
  const parsed = parseRuleString(source);
  if (!parsed.ok || parsed.rules.length !== 1) throw new Error(`not one rule: ${source}`);
  return parsed.rules[0]!;
}
const passes = (source: string, value: FieldValue, values?: Record<string, FieldValue>) => checkRule(rule(source), value, values);
const passesAsync = (source: string, value: FieldValue) => checkRuleAsync(rule(source), value);

// Real, decodable images (test/support/images.ts).
const WEBP = WEBP_LOSSLESS;
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>');

const file = (content: Uint8Array<ArrayBuffer> | string, name: string, type: string) => new File([content], name, { type });
const PNG_FILE = file(png(3, 2), 'photo.png', 'image/png');
const GIF_FILE = file(gif(5, 3), 'anim.GIF', 'image/gif');
const JPEG_FILE = file(jpeg(17, 9), 'scan.jpeg', 'image/jpeg');
const WEBP_FILE = file(WEBP, 'pic.webp', 'image/webp');
const SVG_FILE = file(SVG, 'logo.svg', 'image/svg+xml');
const PDF_FILE = file('%PDF-1.7\n', 'terms.pdf', 'application/pdf');

describe('every rule has a validator', () => {
  /** A value each rule accepts: a Record, so a rule added to the syntax needs one here too. */
  const MET: Record<RuleName, [source: string, value: FieldValue, values?: Record<string, FieldValue>]> = {
    required: ['required', 'a'],
    email: ['email', 'ann@example.com'],
    min: ['min:2', 'ab'],
    max: ['max:2', 'ab'],
    min_value: ['min_value:2', '3'],
    max_value: ['max_value:2', '1'],
    between: ['between:1,3', '2'],
    digits: ['digits:2', '12'],
    integer: ['integer', '-4'],
    numeric: ['numeric', '42'],
    alpha: ['alpha', 'õun'],
    alpha_num: ['alpha_num', 'a1'],
    alpha_dash: ['alpha_dash', 'a-1_b'],
    alpha_spaces: ['alpha_spaces', 'a b'],
    regex: ['regex:^x+$', 'xx'],
    url: ['url', 'https://example.com/'],
    one_of: ['one_of:a,b', 'b'],
    not_one_of: ['not_one_of:a,b', 'c'],
    confirmed: ['confirmed:password', 'secret', { password: 'secret' }],
    is: ['is:yes', 'yes'],
    is_not: ['is_not:no', 'yes'],
    image: ['image', [PNG_FILE]],
    ext: ['ext:png', [PNG_FILE]],
    mimes: ['mimes:image/*', [PNG_FILE]],
    size: ['size:1', [PNG_FILE]],
    dimensions: ['dimensions:3,2', [PNG_FILE]],
  };

  // A rule with no validator would fail every filled-in value, whatever the visitor typed.
  test.each(RULE_NAMES)('%s accepts a value that meets it', async (name) => {
    const [source, value, values] = MET[name];
    expect(rule(source).name).toBe(name);
    expect(checkRule(rule(source), value, values)).toBe(true);
    expect(await checkRuleAsync(rule(source), value, values)).toBe(true);
  });

  // The directive below is checked by `tsc -p tsconfig.json` (npm run typecheck), which covers test/.
  test('a validator table without one of the rules does not compile', () => {
    const passing: Validator = { reads: 'text', check: () => true };
    const complete = Object.fromEntries(RULE_NAMES.map((name) => [name, passing])) as Validators;
    const { dimensions: _left, ...withoutDimensions } = complete;
    // @ts-expect-error -- `dimensions` has no validator: the rule would refuse every upload
    const lacking = validatorsByName(withoutDimensions);
    expect(lacking.has('dimensions')).toBe(false);
    expect([...validatorsByName(complete).keys()]).toEqual(RULE_NAMES);
  });
});

describe('empty values', () => {
  test('undefined, null, empty text, no files and an unticked box count as empty', () => {
    for (const value of [undefined, null, '', [], false] as FieldValue[]) expect(isEmpty(value)).toBe(true);
    for (const value of [' ', '0', true, [PNG_FILE]] as FieldValue[]) expect(isEmpty(value)).toBe(false);
  });

  test.each([
    'email',
    'min:3',
    'max:3',
    'min_value:5',
    'max_value:5',
    'between:1,10',
    'digits:4',
    'integer',
    'numeric',
    'alpha',
    'alpha_num',
    'alpha_dash',
    'alpha_spaces',
    'regex:^x$',
    'url',
    'one_of:a,b',
    'not_one_of:a,b',
    'is:yes',
    'is_not:no',
    'image',
    'ext:jpg',
    'mimes:image/*',
    'size:1',
    'dimensions:1,1',
  ])('an empty value passes %s, so optional fields are only checked when filled', async (source) => {
    for (const value of [undefined, null, '', [], false] as FieldValue[]) {
      expect(passes(source, value)).toBe(true);
      expect(await passesAsync(source, value)).toBe(true);
    }
  });
});

describe('required', () => {
  test('passes text with something besides spaces', () => {
    expect(passes('required', 'a')).toBe(true);
    expect(passes('required', ' 0 ')).toBe(true);
  });

  test('fails empty or blank text and missing values', () => {
    for (const value of ['', '   ', '\n\t', undefined, null]) expect(passes('required', value)).toBe(false);
  });

  test('needs a ticked checkbox', () => {
    expect(passes('required', true)).toBe(true);
    expect(passes('required', false)).toBe(false);
  });

  test('needs at least one file', () => {
    expect(passes('required', [PDF_FILE])).toBe(true);
    expect(passes('required', [])).toBe(false);
  });
});

describe('email', () => {
  test.each([
    'mari@example.ee',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'jaan@jõgeva.ee',
    'user@xn--80ak6aa92e.com',
    'иван@пример.рф',
  ])('accepts %s', (value) => expect(passes('email', value)).toBe(true));

  test.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@example',
    'user@@example.com',
    'a@b@example.com',
    'user name@example.com',
    ' user@example.com',
    'user@example.com ',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example..com',
    'user@example.c',
    'user@exa mple.com',
    '"quoted"@example.com',
  ])('rejects %j', (value) => expect(passes('email', value)).toBe(false));
});

describe('min and max (length in characters)', () => {
  test('min passes at and above the length', () => {
    expect(passes('min:3', 'abc')).toBe(true);
    expect(passes('min:3', 'abcd')).toBe(true);
    expect(passes('min:3', 'ab')).toBe(false);
  });

  test('max passes at and below the length', () => {
    expect(passes('max:3', 'abc')).toBe(true);
    expect(passes('max:3', 'abcd')).toBe(false);
  });

  test('count characters, not UTF-16 units: an emoji or a Cyrillic letter is one', () => {
    expect(passes('max:2', '😀😀')).toBe(true);
    expect(passes('min:3', '😀😀')).toBe(false);
    expect(passes('max:6', 'Москва')).toBe(true);
    expect(passes('max:5', 'Москва')).toBe(false);
  });
});

describe('min_value, max_value, between (numbers)', () => {
  test('min_value compares numerically, inclusive', () => {
    expect(passes('min_value:5', '5')).toBe(true);
    expect(passes('min_value:5', '10')).toBe(true);
    expect(passes('min_value:5', '4.99')).toBe(false);
    expect(passes('min_value:-1.5', '-1')).toBe(true);
  });

  test('max_value compares numerically, inclusive', () => {
    expect(passes('max_value:100', '100')).toBe(true);
    expect(passes('max_value:100', '99.5')).toBe(true);
    expect(passes('max_value:100', '100.01')).toBe(false);
  });

  test('between is inclusive at both ends', () => {
    for (const value of ['1', '5', '10', '10.0']) expect(passes('between:1,10', value)).toBe(true);
    for (const value of ['0', '0.99', '10.5', '-5']) expect(passes('between:1,10', value)).toBe(false);
  });

  test('non-numeric text fails every number rule', () => {
    for (const source of ['min_value:0', 'max_value:1000', 'between:0,1000']) {
      for (const value of ['abc', '12abc', '1,5', '0x10', 'Infinity', '1e3', '-']) expect(passes(source, value)).toBe(false);
    }
  });

  test('a number between surrounding spaces still counts as that number', () => {
    expect(passes('between:1,10', ' 7 ')).toBe(true);
  });
});

describe('digits, integer, numeric', () => {
  test('digits needs exactly that many digits 0-9', () => {
    expect(passes('digits:4', '0123')).toBe(true);
    expect(passes('digits:4', '123')).toBe(false);
    expect(passes('digits:4', '12345')).toBe(false);
    expect(passes('digits:4', '12a4')).toBe(false);
    expect(passes('digits:4', '-123')).toBe(false);
  });

  test('integer allows a leading minus sign and nothing but digits', () => {
    for (const value of ['0', '42', '-42', '007']) expect(passes('integer', value)).toBe(true);
    for (const value of ['+42', '4.2', '1e3', '4 2', '-', 'abc']) expect(passes('integer', value)).toBe(false);
  });

  test('numeric is digits 0-9 only, as in vee-validate: no sign, no decimal point', () => {
    expect(passes('numeric', '0123456789')).toBe(true);
    for (const value of ['-1', '1.5', '1,5', '1 000', '١٢٣', '½']) expect(passes('numeric', value)).toBe(false);
  });
});

describe('the alpha family covers the letters of every site language', () => {
  const words = [
    'Jõgeva',
    'Ülemiste',
    'Šiauliai',
    'Ąžuolas',
    'Ķekava',
    'Ģirts',
    'Göteborg',
    'Åland',
    'Straße',
    'Ærø',
    'François',
    'Señor',
    'Jyväskylä',
    'София',
    'Пловдив',
    'Москва',
    'ёжик',
    'йъьщюя',
    'ЁЙЪЬЩЮЯ',
  ];

  test.each(words)('alpha accepts %s', (word) => expect(passes('alpha', word)).toBe(true));

  test('alpha accepts letters written as base letter plus combining mark', () => {
    expect(passes('alpha', 'Jo\u0303geva')).toBe(true);
  });

  test('alpha rejects digits, spaces, dashes and punctuation', () => {
    for (const value of ['Tallinn1', 'Tartu linn', 'Jõgeva-Mõisa', 'Pärnu!', 'a_b']) expect(passes('alpha', value)).toBe(false);
  });

  test('alpha_num adds digits', () => {
    expect(passes('alpha_num', 'Jõgeva2024')).toBe(true);
    expect(passes('alpha_num', 'Москва1147')).toBe(true);
    expect(passes('alpha_num', 'Jõgeva 2024')).toBe(false);
    expect(passes('alpha_num', 'a-1')).toBe(false);
  });

  test('alpha_dash adds digits, dashes and underscores', () => {
    expect(passes('alpha_dash', 'Ülemiste-2_b')).toBe(true);
    expect(passes('alpha_dash', 'Šiauliai_Ķekava-Straße')).toBe(true);
    expect(passes('alpha_dash', 'Ülemiste 2')).toBe(false);
    expect(passes('alpha_dash', 'a.b')).toBe(false);
  });

  test('alpha_spaces adds spaces but not digits', () => {
    expect(passes('alpha_spaces', 'Москва ёж')).toBe(true);
    expect(passes('alpha_spaces', 'Göteborg Straße Jõgeva')).toBe(true);
    expect(passes('alpha_spaces', 'София 1')).toBe(false);
    expect(passes('alpha_spaces', 'Jõgeva-Mõisa')).toBe(false);
  });
});

describe('regex', () => {
  test('passes when the pattern matches', () => {
    expect(passes('regex:^[A-Z]{2}[0-9]{2,4}$', 'EE1234')).toBe(true);
    expect(passes('regex:^[A-Z]{2}[0-9]{2,4}$', 'EE12345')).toBe(false);
  });

  test('is not anchored unless the pattern is', () => {
    expect(passes('regex:[0-9]', 'abc1')).toBe(true);
  });

  test('compiles with the u flag, so property escapes work', () => {
    expect(passes('regex:^\\p{Lu}', 'Õun')).toBe(true);
    expect(passes('regex:^\\p{Lu}', 'õun')).toBe(false);
  });

  test('still checks a value of the longest length it runs on', () => {
    expect(passes('regex:^[0-9]+$', '1'.repeat(FORM_REGEX_MAX_CHARS))).toBe(true);
  });

  test('fails a 100 000-character value without running the pattern, even one the pattern would match', () => {
    expect(passes('regex:^[0-9]+$', '1'.repeat(100_000))).toBe(false);
  });
});

describe('url', () => {
  test.each([
    'https://example.com',
    'http://example.com/path?q=1#x',
    'https://sub.example.ee:8443/a',
    'HTTPS://EXAMPLE.COM',
    'https://jõgeva.ee',
  ])('accepts %s', (value) => expect(passes('url', value)).toBe(true));

  test.each([
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@b.ee',
    'http://',
    'https:///path',
    'http:example.com',
    'https://exa mple.com',
    'https://example.com/a b',
    ' https://example.com',
  ])('rejects %j', (value) => expect(passes('url', value)).toBe(false));
});

describe('one_of and not_one_of', () => {
  test('one_of passes only listed values, compared exactly', () => {
    expect(passes('one_of:small,medium,large', 'medium')).toBe(true);
    expect(passes('one_of:small,medium,large', 'Medium')).toBe(false);
    expect(passes('one_of:small,medium,large', 'huge')).toBe(false);
  });

  test('not_one_of fails the listed values', () => {
    expect(passes('not_one_of:admin,root', 'admin')).toBe(false);
    expect(passes('not_one_of:admin,root', 'mari')).toBe(true);
  });
});

describe('is and is_not', () => {
  test('is passes only the exact value', () => {
    expect(passes('is:yes', 'yes')).toBe(true);
    expect(passes('is:yes', 'Yes')).toBe(false);
  });

  test('is_not fails only the exact value', () => {
    expect(passes('is_not:none', 'none')).toBe(false);
    expect(passes('is_not:none', 'some')).toBe(true);
  });

  test('a ticked checkbox reads as "true"', () => {
    expect(passes('is:true', true)).toBe(true);
  });
});

describe('confirmed', () => {
  const values = { password: 'Salasõna1', email: 'mari@example.ee' };

  test('passes when the value equals the named field', () => {
    expect(passes('confirmed:password', 'Salasõna1', values)).toBe(true);
  });

  test('fails when it differs', () => {
    expect(passes('confirmed:password', 'salasõna1', values)).toBe(false);
  });

  test('accepts a leading @ before the field name', () => {
    expect(passes('confirmed:@email', 'mari@example.ee', values)).toBe(true);
    expect(passes('confirmed:@email', 'jaan@example.ee', values)).toBe(false);
  });

  test('fails an empty repeat of a filled field, and passes when both are empty', () => {
    expect(passes('confirmed:password', '', values)).toBe(false);
    expect(passes('confirmed:password', '', { password: '' })).toBe(true);
    expect(passes('confirmed:password', undefined, {})).toBe(true);
  });

  test('fails a filled value when the other field is missing', () => {
    expect(passes('confirmed:password', 'x')).toBe(false);
  });
});

describe('text rules and file rules do not mix', () => {
  test('a text rule fails on files', () => {
    expect(passes('max:100', [PDF_FILE])).toBe(false);
  });

  test('a file rule fails on text', async () => {
    expect(passes('image', 'photo.png')).toBe(false);
    expect(await passesAsync('dimensions:3,2', 'photo.png')).toBe(false);
  });
});

describe('image', () => {
  test('passes PNG, GIF, JPEG, WebP and SVG files', () => {
    expect(passes('image', [PNG_FILE, GIF_FILE, JPEG_FILE, WEBP_FILE, SVG_FILE])).toBe(true);
  });

  test('fails when any file is not an image', () => {
    expect(passes('image', [PNG_FILE, PDF_FILE])).toBe(false);
  });

  test('falls back to the file name when the browser gives no MIME type', () => {
    expect(passes('image', [file(png(1, 1), 'x.PNG', '')])).toBe(true);
    expect(passes('image', [file('x', 'x.txt', '')])).toBe(false);
  });
});

describe('ext', () => {
  test('matches file name extensions case-insensitively', () => {
    expect(passes('ext:png,gif', [PNG_FILE, GIF_FILE])).toBe(true);
    expect(passes('ext:JPEG', [JPEG_FILE])).toBe(true);
  });

  test('fails when any file has another extension', () => {
    expect(passes('ext:png,gif', [PNG_FILE, WEBP_FILE])).toBe(false);
    expect(passes('ext:png', [file(png(1, 1), 'png', 'image/png')])).toBe(false);
  });
});

describe('mimes', () => {
  test('matches exact MIME types', () => {
    expect(passes('mimes:application/pdf', [PDF_FILE])).toBe(true);
    expect(passes('mimes:image/png', [PNG_FILE])).toBe(true);
    expect(passes('mimes:image/png', [GIF_FILE])).toBe(false);
  });

  test('image/* matches every image type and nothing else', () => {
    expect(passes('mimes:image/*', [PNG_FILE, GIF_FILE, JPEG_FILE, WEBP_FILE, SVG_FILE])).toBe(true);
    expect(passes('mimes:image/*', [PDF_FILE])).toBe(false);
  });

  test('each file may match any listed type', () => {
    expect(passes('mimes:image/*,application/pdf', [PNG_FILE, PDF_FILE])).toBe(true);
  });
});

describe('size', () => {
  test('allows files up to the size in KB (1 KB = 1024 bytes)', () => {
    expect(passes('size:1', [file(new Uint8Array(1024), 'a.bin', '')])).toBe(true);
    expect(passes('size:1', [file(new Uint8Array(1025), 'a.bin', '')])).toBe(false);
  });

  test('checks every file', () => {
    const big = file(new Uint8Array(3000), 'big.png', 'image/png');
    expect(passes('size:2', [PNG_FILE, big])).toBe(false);
    expect(passes('size:2', [PNG_FILE, JPEG_FILE, SVG_FILE])).toBe(true);
  });
});

describe('dimensions', () => {
  test.each([
    ['PNG', PNG_FILE, 3, 2],
    ['GIF', GIF_FILE, 5, 3],
    ['JPEG', JPEG_FILE, 17, 9],
    ['WebP', WEBP_FILE, 3, 2],
    ['SVG', SVG_FILE, 40, 30],
  ])('passes a %s of exactly that size and fails other sizes', async (_, f, w, h) => {
    expect(await passesAsync(`dimensions:${w},${h}`, [f])).toBe(true);
    expect(await passesAsync(`dimensions:${h},${w}`, [f])).toBe(false);
    expect(await passesAsync(`dimensions:${w + 1},${h}`, [f])).toBe(false);
  });

  test('fails a file that is not a readable image, whatever its MIME type says', async () => {
    expect(await passesAsync('dimensions:3,2', [file('not a png', 'fake.png', 'image/png')])).toBe(false);
  });

  test('needs every file to have the size', async () => {
    expect(await passesAsync('dimensions:3,2', [PNG_FILE, WEBP_FILE])).toBe(true);
    expect(await passesAsync('dimensions:3,2', [PNG_FILE, GIF_FILE])).toBe(false);
  });

  test('judges an upload by its head alone, as the worker keeps no more: a 5 MB PNG passes', async () => {
    const head = png(3, 2);
    const upload = {
      name: 'big.png',
      type: 'image/png',
      size: 5 * 1024 * 1024,
      slice: (start?: number, end?: number) => new Blob([head]).slice(start, end),
    };
    expect(await passesAsync('dimensions:3,2', [upload])).toBe(true);
  });

  test('fails a JPEG whose frame header lies beyond the head it reads, in the browser as in the worker', async () => {
    const padding = new Uint8Array(IMAGE_HEAD_BYTES); // metadata segments of 64 KB each, before the frame
    const segments: number[] = [];
    for (let at = 0; at < padding.length; at += 0xfffd) segments.push(0xff, 0xe2, 0xff, 0xff, ...padding.subarray(0, 0xfffd));
    const real = jpeg(17, 9);
    const late = new Uint8Array([...real.subarray(0, 2), ...segments, ...real.subarray(2)]);
    expect(await passesAsync('dimensions:17,9', [file(late, 'late.jpg', 'image/jpeg')])).toBe(false);
  });

  test('passes in the synchronous check, which cannot read files', () => {
    expect(passes('dimensions:999,999', [PNG_FILE])).toBe(true);
  });
});
