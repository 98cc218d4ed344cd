/**
 * The form's messages: a field is checked as the visitor leaves it, on every change once it
 * has shown an error, and every field on submit; the messages are in the page language.
 */
import { useRef, useState, type RefObject } from 'react';
import type { Field } from '../../../content/schema';
import { compileRules, validateField, type FieldValue } from '../../../validation/validate';
import { readValues } from '../form-dom';

/** By field name, in Maps: field names come from content, and `constructor` is a fine name. */
export type FieldErrors = ReadonlyMap<string, string>;
export const NO_ERRORS: FieldErrors = new Map();

/**
 * Per field, the number of its latest check. Checks are async (an image rule reads the file),
 * so an older one can answer after a newer one: only the latest may set the field's message.
 */
export function createCheckOrder() {
  const latest = new Map<string, number>();
  return {
    /** starts a check of the field, superseding any under way; its number for isLatest */
    begin(name: string): number {
      const n = (latest.get(name) ?? 0) + 1;
      latest.set(name, n);
      return n;
    },
    isLatest(name: string, n: number): boolean {
      return latest.get(name) === n;
    },
  };
}

/** The errors with one field's message set, or removed for null; the same map when that changes nothing, so nothing re-renders. */
export function withMessage(errors: FieldErrors, name: string, message: string | null): FieldErrors {
  if ((errors.get(name) ?? null) === message) return errors;
  const next = new Map(errors);
  if (message) next.set(name, message);
  else next.delete(name);
  return next;
}

export interface FormValidation {
  errors: FieldErrors;
  /** checks one field (the visitor left it) */
  check(field: Field): Promise<void>;
  /** checks one field the visitor changed, if it has shown an error: from then on it is checked as they type */
  recheck(field: Field): void;
  /** checks every field, superseding checks under way; shows the messages and returns the first invalid field */
  checkAll(form: HTMLFormElement): Promise<Field | undefined>;
  /** forgets every message (the form was sent and reset) */
  clear(): void;
}

export function useFormValidation(formRef: RefObject<HTMLFormElement | null>, fields: Field[], lang: string): FormValidation {
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  /** fields that have shown an error: they are checked on every change from then on */
  const shownRef = useRef(new Set<string>());
  const orderRef = useRef(createCheckOrder());

  // Not Object.fromEntries: Chrome 64-72 and Safari 12.0, which the site supports, lack it.
  const labels: Record<string, string> = {};
  for (const f of fields) labels[f.name] = f.label;
  const messageOf = (field: Field, values: Record<string, FieldValue>) =>
    validateField(compileRules(field.rules), values[field.name], { label: field.label, lang, values, labels });

  async function check(field: Field): Promise<void> {
    const form = formRef.current;
    if (!form) return;
    const n = orderRef.current.begin(field.name);
    const values = readValues(form, fields);
    let message: string | null = null;
    try {
      message = await messageOf(field, values);
    } catch {
      message = null; // a validator that fails must not block the visitor; the server checks again
    }
    if (!orderRef.current.isLatest(field.name, n)) return;
    if (message) shownRef.current.add(field.name);
    setErrors((prev) => withMessage(prev, field.name, message));
  }

  function recheck(field: Field): void {
    if (shownRef.current.has(field.name)) void check(field);
  }

  async function checkAll(form: HTMLFormElement): Promise<Field | undefined> {
    const values = readValues(form, fields);
    for (const f of fields) orderRef.current.begin(f.name);
    const messages = await Promise.all(fields.map((f) => messageOf(f, values).catch(() => null)));
    const next = new Map<string, string>();
    fields.forEach((f, i) => {
      const message = messages[i];
      if (message) {
        next.set(f.name, message);
        shownRef.current.add(f.name);
      }
    });
    setErrors(next);
    return fields.find((f) => next.has(f.name));
  }

  function clear(): void {
    shownRef.current.clear();
    setErrors(NO_ERRORS);
  }

  return { errors, check, recheck, checkAll, clear };
}
