/**
 * A form field as the server renders it: the constraints a browser checks without JavaScript
 * come from the field's rules, and the ids tie the control to its error message.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { FORM_TEXT_MAX_CHARS } from '../../../../app/constants';
import type { Field } from '../../../../app/content/schema';
import { errorId, FieldControl, fieldId } from '../../../../app/render/blocks/form-field';
import { compileRules } from '../../../../app/validation/validate';

function markup(field: Field, error?: string): string {
  return renderToStaticMarkup(
    <FieldControl field={field} formId="contact" rules={compileRules(field.rules)} error={error} choose="Choose…" />,
  );
}

describe('a form field as the server renders it', () => {
  test('a text field with min and max lengths carries them as minlength and maxlength', () => {
    const html = markup({ name: 'name', label: 'Name', kind: 'text', rules: 'required|min:2|max:40' });
    expect(html).toMatch(/^<input [^>]*\brequired=""/);
    expect(html).toContain('maxLength="40"');
    expect(html).toContain('minLength="2"');
  });

  test.each(['text', 'email', 'tel', 'textarea'] as const)(
    'a field of kind %s without a max rule stops at the length the form endpoint takes',
    (kind) => {
      expect(markup({ name: 'note', label: 'Note', kind })).toContain(`maxLength="${FORM_TEXT_MAX_CHARS}"`);
    },
  );

  test('a max rule above the length the form endpoint takes gives way to it', () => {
    expect(markup({ name: 'note', label: 'Note', kind: 'textarea', rules: `max:${FORM_TEXT_MAX_CHARS + 1}` })).toContain(
      `maxLength="${FORM_TEXT_MAX_CHARS}"`,
    );
  });

  test('an email field asks the browser to fill in an email address', () => {
    expect(markup({ name: 'email', label: 'Email', kind: 'email', rules: 'email' })).toContain('autoComplete="email"');
  });

  test('a number field takes its bounds from between and steps by 1 only when it must be an integer', () => {
    const between = markup({ name: 'age', label: 'Age', kind: 'number', rules: 'integer|between:18,99' });
    expect(between).toContain('min="18"');
    expect(between).toContain('max="99"');
    expect(between).toContain('step="1"');
    expect(markup({ name: 'amount', label: 'Amount', kind: 'number', rules: 'min_value:0.5' })).toContain('step="any"');
  });

  test('a number rule whose bound is not a number adds no bound', () => {
    const html = markup({ name: 'amount', label: 'Amount', kind: 'number' });
    expect(html).not.toMatch(/\b(min|max)=/);
  });

  test('a file field accepts what its image, mimes and ext rules allow', () => {
    const html = markup({ name: 'cv', label: 'CV', kind: 'file', rules: 'image|mimes:application/pdf|ext:pdf,docx' });
    expect(html).toContain('accept="image/*,application/pdf,.pdf,.docx"');
  });

  test('a select field starts on a disabled prompt, so a required choice must be made', () => {
    const html = markup({ name: 'topic', label: 'Topic', kind: 'select', rules: 'required', options: [{ value: 'loan', label: 'Loan' }] });
    expect(html).toContain('<option value="" disabled="" selected="">Choose…</option>');
    expect(html).toContain('<option value="loan">Loan</option>');
  });

  test('a checkbox posts "yes" when ticked', () => {
    expect(markup({ name: 'consent', label: 'I agree', kind: 'checkbox', rules: 'accepted' })).toContain('value="yes"');
  });

  test('a field without rules has no constraints but the length the form endpoint takes', () => {
    expect(markup({ name: 'note', label: 'Note', kind: 'textarea' })).not.toMatch(/required|minLength/);
  });

  test('a field with an error is marked invalid and described by the message with its id', () => {
    const html = markup({ name: 'email', label: 'Email', kind: 'email' }, 'Enter an email address');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${errorId('contact', 'email')}"`);
    expect(fieldId('contact', 'email')).toBe('contact-email');
    expect(errorId('contact', 'email')).toBe('contact-email-error');
  });
});
