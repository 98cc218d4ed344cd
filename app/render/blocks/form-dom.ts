/**
 * The form block's reads and writes of its own form element, in the browser only (event
 * handlers and effects): the inputs are uncontrolled, so the DOM holds the values.
 */
import type { DraftValues } from '../../dom/form-drafts';
import type { Field } from '../../content/schema';
import type { FieldValue } from '../../validation/validate';

export function control(form: HTMLFormElement, name: string): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el : null;
}

export function readValue(form: HTMLFormElement, field: Field): FieldValue {
  const el = control(form, field.name);
  if (!el) return undefined;
  if (field.kind === 'checkbox') return (el as HTMLInputElement).checked;
  if (field.kind === 'file') return Array.from((el as HTMLInputElement).files ?? []);
  return el.value;
}

export function readValues(form: HTMLFormElement, fields: Field[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) values[field.name] = readValue(form, field);
  return values;
}

/** Everything but files: what a draft keeps and what the JSON body sends. */
export function plainValues(form: HTMLFormElement, fields: Field[]): DraftValues {
  const values: DraftValues = {};
  for (const field of fields) {
    if (field.kind === 'file') continue;
    const value = readValue(form, field);
    if (typeof value === 'string' || typeof value === 'boolean') values[field.name] = value;
  }
  return values;
}

/** Puts a saved draft back, into fields the visitor has not touched yet (they may type before hydration). */
export function applyDraft(form: HTMLFormElement, fields: Field[], draft: DraftValues) {
  for (const field of fields) {
    if (field.kind === 'file' || !Object.prototype.hasOwnProperty.call(draft, field.name)) continue;
    const el = control(form, field.name);
    const saved = draft[field.name];
    if (!el) continue;
    if (field.kind === 'checkbox') {
      const box = el as HTMLInputElement;
      if (typeof saved === 'boolean' && box.checked === box.defaultChecked) box.checked = saved;
    } else if (el instanceof HTMLSelectElement) {
      const untouched = Array.from(el.options).every((o) => o.selected === o.defaultSelected);
      if (typeof saved === 'string' && untouched && Array.from(el.options).some((o) => o.value === saved)) el.value = saved;
    } else if (typeof saved === 'string' && el.value === el.defaultValue) {
      el.value = saved;
    }
  }
}

/**
 * Makes the fields read-only while a post is on its way, so nothing typed meanwhile is left
 * out of the post and then wiped by the reset. Text controls get readOnly (they stay focusable
 * and readable); a select, a checkbox and a file input have no readOnly, so they are disabled:
 * the post's body is built before this, so no value is dropped from it. Returns the undo.
 */
export function lockFields(form: HTMLFormElement, fields: Field[]): () => void {
  const undo: Array<() => void> = [];
  for (const field of fields) {
    const el = control(form, field.name);
    if (!el) continue;
    if (el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'file'))) {
      if (el.disabled) continue;
      el.disabled = true;
      undo.push(() => (el.disabled = false));
    } else if (!el.readOnly) {
      el.readOnly = true;
      undo.push(() => (el.readOnly = false));
    }
  }
  return () => undo.forEach((f) => f());
}
