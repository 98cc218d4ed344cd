/**
 * What each stock rule accepts, with vee-validate 4 (@vee-validate/rules) as the reference so
 * editors get the behaviour they know from it. This runs in the browser's lazy form chunk and
 * in the worker, hence no dependencies (the site's constants aside) and only APIs the oldest
 * supported browsers have (Chrome 64, Safari 12: e.g. Blob#arrayBuffer and Object.hasOwn are
 * missing there, Response#arrayBuffer is not).
 *
 * Decisions where the reference is silent or does not fit this site:
 * - Empty values (undefined, null, '', [], false) pass every rule except `required` and
 *   `confirmed`; `confirmed` compares even an empty value (as vee-validate does), so a left-empty
 *   repeat of a filled password fails. Only `required` trims: '  ' is filled but not required-valid.
 * - "Letters" are Unicode letters (\p{L} plus combining marks \p{M}, so decomposed "õ" counts),
 *   not vee-validate's per-locale tables: one class covers every site language (Estonian,
 *   Latvian, Lithuanian, German ß, Cyrillic ё й ъ ...). Property escapes need the `u` flag and
 *   Chrome 64 / Firefox 78 / Safari 11.1, which is exactly the supported-browser floor.
 * - `numeric` is ASCII digits only (/^[0-9]+$/); signs and decimals belong to min_value etc.
 * - Number rules (min_value, max_value, between) read plain decimal notation; anything else fails.
 * - Text rules fail on a file list and file rules fail on text: a rule that cannot apply is broken.
 * - `image` trusts the file's MIME type (or, when the browser gives none, its extension).
 * - `regex` fails a value longer than FORM_REGEX_MAX_CHARS without running the pattern: a
 *   backtracking pattern's cost grows with the value, and the value is the visitor's.
 * - `dimensions` reads only the first IMAGE_HEAD_BYTES of a file, in the browser as in the
 *   worker (which keeps no more of an upload), so both give the same verdict.
 */
import { FORM_REGEX_MAX_CHARS } from '../constants';
import type { ParsedRule, RuleName } from './rule-string';
import type { FieldValue, UploadedFile } from './field-value';
import { IMAGE_HEAD_BYTES, imageInfo } from './image-info';

type Values = Readonly<Record<string, FieldValue>> | undefined;

/**
 * `record[key]` for a key the record holds itself: field names come from content, and a field
 * named `constructor` must not read Object.prototype's. (Object.hasOwn is newer than the
 * oldest supported browsers.)
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function isEmpty(value: FieldValue): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

const LOCAL_PART_RE = /^[^\s@<>()[\]\\,;:"]+$/u;
const DOMAIN_RE = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;
const NUMBER_RE = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const ALPHA_RE = /^[\p{L}\p{M}]+$/u;
const ALPHA_NUM_RE = /^[\p{L}\p{M}\p{N}]+$/u;
const ALPHA_DASH_RE = /^[\p{L}\p{M}\p{N}_-]+$/u;
const ALPHA_SPACES_RE = /^[\p{L}\p{M}\s]+$/u;
/** vee-validate's `image` list, used only when a file arrives without a MIME type. */
const IMAGE_EXT_RE = /\.(?:jpe?g|png|gif|webp|bmp|svg|avif)$/i;

function isEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return (
    at > 0 && s.length <= 254 && local.length <= 64 && LOCAL_PART_RE.test(local) && !/^\.|\.\.|\.$/.test(local) && DOMAIN_RE.test(domain)
  );
}

function isHttpUrl(s: string): boolean {
  if (/\s/.test(s) || !/^https?:\/\/[^/?#]/i.test(s)) return false; // the host follows at once
  try {
    return new URL(s).hostname !== '';
  } catch {
    return false;
  }
}

function toNumber(s: string): number {
  const t = s.trim();
  return NUMBER_RE.test(t) ? Number(t) : NaN;
}

const patterns = new Map<string, RegExp | null>();
function matches(pattern: string, s: string): boolean {
  if (!patterns.has(pattern)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      // The build rejects such patterns; should one slip through, nothing matches it.
    }
    patterns.set(pattern, re);
  }
  return patterns.get(pattern)?.test(s) ?? false;
}

/** The value as text for text rules; null for a file list. A ticked checkbox reads "true". */
function asText(value: FieldValue): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return null;
}

function asFiles(value: FieldValue): readonly UploadedFile[] | null {
  return Array.isArray(value) ? (value as readonly UploadedFile[]) : null;
}

function mimeMatches(type: string, pattern: string): boolean {
  const t = type.split(';')[0]!.trim().toLowerCase();
  const p = pattern.toLowerCase();
  return p.endsWith('/*') ? t.startsWith(p.slice(0, -1)) : t === p;
}

/** The name of the field `confirmed:` points at (a leading @ is accepted). */
export function confirmedTarget(rule: ParsedRule): string {
  return (rule.params[0] ?? '').replace(/^@/, '');
}

function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  const ta = asText(a);
  return ta !== null && ta === asText(b);
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return typeof blob.arrayBuffer === 'function' ? blob.arrayBuffer() : new Response(blob).arrayBuffer();
}

/** Every file is an image we can read whose pixel size is exactly `width` x `height`. */
async function hasDimensions(files: readonly UploadedFile[], width: number, height: number): Promise<boolean> {
  for (const file of files) {
    let info = null;
    try {
      info = imageInfo(new Uint8Array(await readBytes(file.slice(0, IMAGE_HEAD_BYTES))));
    } catch {
      // An unreadable file is not a readable image.
    }
    if (!info || info.width !== width || info.height !== height) return false;
  }
  return true;
}

/** How a rule judges a value: what it reads of it decides what an empty or ill-typed value gets. */
export type Validator =
  /** judges every value, empty ones too */
  | { reads: 'value'; check: (value: FieldValue, rule: ParsedRule, values: Values) => boolean }
  /** an empty value passes, a file list fails */
  | { reads: 'text'; check: (s: string, p: string[]) => boolean }
  /** an empty value passes, text fails, and every file must pass */
  | { reads: 'files'; check: (f: UploadedFile, p: string[]) => boolean }
  /** like 'files', but reads their bytes: only checkRuleAsync asks it, checkRule lets the files pass */
  | { reads: 'file contents'; check: (files: readonly UploadedFile[], p: string[]) => Promise<boolean> };

/** One validator for every rule: a rule the syntax knows but that has none here does not compile. */
export type Validators = Record<RuleName, Validator>;

/**
 * The validators as the checks look them up: a Map, like the rule table, so that a name that
 * is not a rule reads as none rather than as something Object.prototype supplies.
 */
export function validatorsByName(validators: Validators): ReadonlyMap<RuleName, Validator> {
  return new Map(Object.entries(validators) as [RuleName, Validator][]);
}

const text = (check: (s: string, p: string[]) => boolean): Validator => ({ reads: 'text', check });
const files = (check: (f: UploadedFile, p: string[]) => boolean): Validator => ({ reads: 'files', check });

const VALIDATORS = validatorsByName({
  required: { reads: 'value', check: (value) => (typeof value === 'string' ? value.trim() !== '' : !isEmpty(value)) },
  confirmed: { reads: 'value', check: (value, rule, values) => sameValue(value, ownValue(values, confirmedTarget(rule))) },
  email: text(isEmail),
  min: text((s, p) => [...s].length >= Number(p[0])),
  max: text((s, p) => [...s].length <= Number(p[0])),
  min_value: text((s, p) => toNumber(s) >= Number(p[0])),
  max_value: text((s, p) => toNumber(s) <= Number(p[0])),
  between: text((s, p) => toNumber(s) >= Number(p[0]) && toNumber(s) <= Number(p[1])),
  digits: text((s, p) => /^[0-9]+$/.test(s) && s.length === Number(p[0])),
  integer: text((s) => /^-?[0-9]+$/.test(s)),
  numeric: text((s) => /^[0-9]+$/.test(s)),
  alpha: text((s) => ALPHA_RE.test(s)),
  alpha_num: text((s) => ALPHA_NUM_RE.test(s)),
  alpha_dash: text((s) => ALPHA_DASH_RE.test(s)),
  alpha_spaces: text((s) => ALPHA_SPACES_RE.test(s)),
  regex: text((s, p) => s.length <= FORM_REGEX_MAX_CHARS && matches(p.join(','), s)),
  url: text(isHttpUrl),
  one_of: text((s, p) => p.indexOf(s) !== -1),
  not_one_of: text((s, p) => p.indexOf(s) === -1),
  is: text((s, p) => s === p[0]),
  is_not: text((s, p) => s !== p[0]),
  image: files((f) => (f.type ? /^image\//i.test(f.type) : IMAGE_EXT_RE.test(f.name))),
  ext: files((f, p) => p.some((e) => f.name.toLowerCase().endsWith(`.${e.toLowerCase()}`))),
  mimes: files((f, p) => p.some((m) => mimeMatches(f.type, m))),
  size: files((f, p) => f.size <= Number(p[0]) * 1024),
  dimensions: { reads: 'file contents', check: (list, p) => hasDimensions(list, Number(p[0]), Number(p[1])) },
});

/** Rules that must read file contents; synchronous checks let them pass. */
export const READS_FILE_CONTENTS: ReadonlySet<RuleName> = new Set(
  [...VALIDATORS].filter(([, validator]) => validator.reads === 'file contents').map(([name]) => name),
);

/**
 * True when `value` satisfies `rule`, for every rule that does not read file contents;
 * those (READS_FILE_CONTENTS) pass here and are answered by checkRuleAsync.
 */
export function checkRule(rule: ParsedRule, value: FieldValue, values?: Values): boolean {
  const validator = VALIDATORS.get(rule.name);
  if (!validator) return false; // not a rule: only a caller that bypassed the parser can get here
  if (validator.reads === 'value') return validator.check(value, rule, values);
  if (isEmpty(value) || validator.reads === 'file contents') return true;
  if (validator.reads === 'text') {
    const s = asText(value);
    return s !== null && validator.check(s, rule.params);
  }
  const list = asFiles(value);
  return list !== null && list.every((f) => validator.check(f, rule.params));
}

/** checkRule, plus the rules that read file contents. */
export async function checkRuleAsync(rule: ParsedRule, value: FieldValue, values?: Values): Promise<boolean> {
  const validator = VALIDATORS.get(rule.name);
  if (validator?.reads !== 'file contents' || isEmpty(value)) return checkRule(rule, value, values);
  const list = asFiles(value);
  return list !== null && validator.check(list, rule.params);
}
