/**
 * One field of the form block, as the server renders it: its control with the constraints a
 * browser checks on its own (so the form is usable before, or without, JavaScript), and the
 * ids that tie the label and the error message to it.
 */
import { FORM_TEXT_MAX_CHARS } from '../../constants';
import type { Field } from '../../content/schema';
import type { ParsedRule } from '../../validation/validate';

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;
export const errorId = (formId: string, name: string) => `${formId}-${name}-error`;

function param(rules: readonly ParsedRule[], name: string, index = 0): string | undefined {
  return rules.find((r) => r.name === name)?.params[index];
}

const num = (s: string | undefined) => (s === undefined || !Number.isFinite(Number(s)) ? undefined : Number(s));

/** The field's `max`, but never more than the form endpoint takes: the browser stops the visitor typing past it. */
const maxLength = (rules: readonly ParsedRule[]) => Math.min(num(param(rules, 'max')) ?? FORM_TEXT_MAX_CHARS, FORM_TEXT_MAX_CHARS);

/** What the browser can check on its own, so the form is usable before (or without) JavaScript. */
export function nativeConstraints(field: Field, rules: readonly ParsedRule[]) {
  const required = rules.some((r) => r.name === 'required') || undefined;
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea':
      return { required, maxLength: maxLength(rules), minLength: num(param(rules, 'min')) };
    case 'number':
      return {
        required,
        min: num(param(rules, 'min_value') ?? param(rules, 'between', 0)),
        max: num(param(rules, 'max_value') ?? param(rules, 'between', 1)),
        step: rules.some((r) => r.name === 'integer') ? 1 : 'any',
      };
    case 'file': {
      const accept = [
        ...(rules.some((r) => r.name === 'image') ? ['image/*'] : []),
        ...(rules.find((r) => r.name === 'mimes')?.params ?? []),
        ...(rules.find((r) => r.name === 'ext')?.params.map((e) => `.${e}`) ?? []),
      ];
      return { required, accept: accept.length ? accept.join(',') : undefined };
    }
    default:
      return { required };
  }
}

const AUTOCOMPLETE: Partial<Record<Field['kind'], string>> = { email: 'email', tel: 'tel' };

export function FieldControl({
  field,
  formId,
  rules,
  error,
  choose,
}: {
  field: Field;
  formId: string;
  rules: readonly ParsedRule[];
  error?: string;
  choose: string;
}) {
  const a11y = {
    id: fieldId(formId, field.name),
    name: field.name,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? errorId(formId, field.name) : undefined,
  };
  const constraints = nativeConstraints(field, rules);
  switch (field.kind) {
    case 'textarea':
      return <textarea {...a11y} rows={5} {...constraints} />;
    case 'select':
      return (
        <select {...a11y} required={constraints.required} defaultValue="">
          <option value="" disabled>
            {choose}
          </option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
      return <input {...a11y} type="checkbox" value="yes" required={constraints.required} />;
    case 'file':
      return <input {...a11y} type="file" {...constraints} />;
    default:
      return <input {...a11y} type={field.kind} autoComplete={AUTOCOMPLETE[field.kind]} {...constraints} />;
  }
}
