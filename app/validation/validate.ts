/**
 * The one entry point forms use, in the browser and in the worker alike, so a visitor sees
 * the same verdict before and after submitting. Rule strings come from content and repeat
 * across fields and renders, so each is parsed once. The synchronous variant exists for
 * per-keystroke feedback, where reading an upload's bytes would be too slow.
 */
import { parseRuleString, type ParsedRule } from './rule-string';
import { ruleMessage } from './messages';
import { checkRule, checkRuleAsync, confirmedTarget, ownValue, READS_FILE_CONTENTS } from './rules';

export type { ParsedRule } from './rule-string';

/**
 * What the rules read of an upload. A browser's File is one; the worker's stands for an
 * upload whose bytes it did not keep beyond the head (`slice` gives only those).
 */
export interface UploadedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  slice(start?: number, end?: number): Blob;
}

export type FieldValue = string | boolean | readonly UploadedFile[] | null | undefined; // text-like fields: string; checkbox: boolean; file: files

export interface ValidationContext {
  /** the field's label, interpolated into messages as {field} */
  label: string;
  /** BCP 47 tag of the page locale, e.g. 'et-EE', 'sv-SE', 'de-AT'; picks the message language */
  lang: string;
  /** all field values of the form by field name (for `confirmed`) */
  values?: Readonly<Record<string, FieldValue>>;
  /** labels by field name (so `confirmed` can name the other field) */
  labels?: Readonly<Record<string, string>>;
}

const NO_RULES: readonly ParsedRule[] = Object.freeze([]);
const compiled = new Map<string, readonly ParsedRule[]>();

/** Parses a rule string once (memoised by string); invalid strings yield [] (the build rejects them earlier). */
export function compileRules(source: string | undefined): readonly ParsedRule[] {
  if (source === undefined) return NO_RULES;
  let rules = compiled.get(source);
  if (!rules) {
    const parsed = parseRuleString(source);
    rules = parsed.ok ? Object.freeze(parsed.rules) : NO_RULES; // shared between callers, hence frozen
    compiled.set(source, rules);
  }
  return rules;
}

function message(rule: ParsedRule, ctx: ValidationContext): string {
  const other = rule.name === 'confirmed' ? (ownValue(ctx.labels, confirmedTarget(rule)) ?? confirmedTarget(rule)) : undefined;
  return ruleMessage(ctx.lang, rule.name, { field: ctx.label, params: rule.params, other });
}

/** The message of the first rule the value breaks, or null when it passes. Async because image rules read the file. */
export async function validateField(rules: readonly ParsedRule[], value: FieldValue, ctx: ValidationContext): Promise<string | null> {
  for (const rule of rules) {
    const ok = READS_FILE_CONTENTS.has(rule.name) ? await checkRuleAsync(rule, value, ctx.values) : checkRule(rule, value, ctx.values);
    if (!ok) return message(rule, ctx);
  }
  return null;
}

/**
 * Synchronous subset for every rule that does not read file contents: `dimensions` is skipped (= pass);
 * `image` looks only at the MIME type, so it is checked here too.
 */
export function validateFieldSync(rules: readonly ParsedRule[], value: FieldValue, ctx: ValidationContext): string | null {
  for (const rule of rules) if (!checkRule(rule, value, ctx.values)) return message(rule, ctx);
  return null;
}

/** True when the field must be filled (has `required`). */
export function isRequired(rules: readonly ParsedRule[]): boolean {
  return rules.some((r) => r.name === 'required');
}
