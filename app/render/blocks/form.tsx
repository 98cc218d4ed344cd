/**
 * The form block. The server renders a real HTML form that posts without JavaScript; once
 * hydrated the browser takes over. One job per module (app/render/blocks/form/):
 *
 *   form-view.tsx            the markup, the same on the server and in the browser
 *   use-form-validation.ts   a field on blur, on every change once it has shown an error, all
 *                            on submit; messages in the page language beside the field
 *   use-form-draft.ts        what is typed, kept per page and form and restored after hydration,
 *                            with the key of a submission whose answer never came
 *   use-form-sending.ts      the post (never retried, fields read-only meanwhile, one
 *                            Idempotency-Key per submission) and its outcome: success resets the
 *                            form and clears the draft, failure keeps both and says why
 *   use-focus-after-render   focus moves once the render that shows its target is committed
 *
 * This component ties them to the form's events. Outcome: a failed submit focuses the first
 * invalid field, a sent one the success message (role=status), a failed send the button.
 * The honeypot is a text input no person sees or reaches; bots fill it in, and the worker
 * then keeps nothing. Inputs are uncontrolled: the DOM holds the values, so nothing typed
 * before hydration is lost and no re-render can overwrite what a visitor is typing.
 */
import { useContext, useRef, type FocusEvent, type FormEvent } from 'react';
import type { Block } from '../../content/schema';
import { formStrings } from '../../i18n/form-strings';
import { PageContext } from '../page-context';
import { FormView } from './form/form-view';
import { useFocusAfterRender } from './form/use-focus-after-render';
import { useFormDraft } from './form/use-form-draft';
import { useFormSending } from './form/use-form-sending';
import { useFormValidation } from './form/use-form-validation';
import { control } from './form-dom';

export { DEFAULT_FORM_ENDPOINT, FORM_SUBMIT_TIMEOUT_MS } from './form/use-form-sending';

type FormBlockData = Extract<Block, { type: 'form' }>;

export function FormBlock({ block }: { block: FormBlockData }) {
  const { path, lang } = useContext(PageContext);
  const fields = block.fields;
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const validation = useFormValidation(formRef, fields, lang);
  const draft = useFormDraft(formRef, path, block.id, fields);
  const sending = useFormSending(block, path, draft);
  const focusAfterRender = useFocusAfterRender();

  const fieldOf = (target: EventTarget | null) => {
    const name = (target as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? fields.find((f) => f.name === name) : undefined;
  };

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    if (!field) return;
    draft.flush();
    // Leaving a field for another control of the same form re-checks it; so does leaving the form.
    void validation.check(field);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const field = fieldOf(event.target);
    const form = formRef.current;
    if (!field || !form) return;
    if (field.kind !== 'file') draft.keep(form);
    validation.recheck(field);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = formRef.current;
    if (!form) return;
    void sending.submit(form, {
      async validate() {
        const invalid = await validation.checkAll(form);
        if (invalid) focusAfterRender(() => (formRef.current ? control(formRef.current, invalid.name)?.focus() : undefined));
        return !invalid;
      },
      sent() {
        validation.clear();
        focusAfterRender(() => statusRef.current?.focus());
      },
      failed: () => focusAfterRender(() => submitRef.current?.focus()),
    });
  }

  return (
    <FormView
      block={block}
      path={path}
      endpoint={sending.endpoint}
      strings={formStrings(lang)}
      errors={validation.errors}
      status={sending.status}
      failure={sending.failure}
      formRef={formRef}
      statusRef={statusRef}
      submitRef={submitRef}
      onSubmit={onSubmit}
      onBlur={onBlur}
      onChange={onChange}
    />
  );
}
