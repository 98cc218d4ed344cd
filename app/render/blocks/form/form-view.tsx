/**
 * The form block's markup: a real HTML form that posts without JavaScript (native constraints
 * from the rules, hidden `_form` and `_page`, a honeypot), the messages beside their fields, the
 * outcome in a status (role=status) or an alert (role=alert). It holds no state of its own.
 */
import { useSyncExternalStore, type FocusEvent, type FormEvent, type RefObject } from 'react';
import type { Block } from '../../../content/schema';
import { FORM_POST_FIELDS } from '../../../form-post';
import type { FormStrings } from '../../../i18n/form-strings';
import { compileRules } from '../../../validation/validate';
import { useContentPaths } from '../../content-paths';
import { errorId, FieldControl, fieldId } from '../form-field';
import type { FieldErrors } from './use-form-validation';
import type { Failure, FormStatus } from './use-form-sending';

type FormBlockData = Extract<Block, { type: 'form' }>;
const HONEYPOT_FIELD = FORM_POST_FIELDS.honeypot;

/** Being hydrated never changes once true, so there is nothing to subscribe to. */
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export interface FormViewProps {
  block: FormBlockData;
  path: string;
  endpoint: string;
  strings: FormStrings;
  errors: FieldErrors;
  status: FormStatus;
  failure: Failure;
  formRef: RefObject<HTMLFormElement | null>;
  statusRef: RefObject<HTMLDivElement | null>;
  submitRef: RefObject<HTMLButtonElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}

export function FormView({
  block,
  path,
  endpoint,
  strings: t,
  errors,
  status,
  failure,
  formRef,
  statusRef,
  submitRef,
  ...on
}: FormViewProps) {
  // False in the server's HTML and while hydrating, so both render the same form; true after,
  // when the block checks the fields itself and the browser's own checks would only get in the way.
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const hasFile = block.fields.some((f) => f.kind === 'file');
  const titleId = block.title ? `${block.id}-title` : undefined;
  const sending = status === 'sending';
  const at = useContentPaths();
  return (
    <section className="block form-block" id={block.id} {...at()}>
      {block.title && (
        <h2 id={titleId} {...at('title')}>
          {block.title}
        </h2>
      )}
      <form
        ref={formRef}
        method="post"
        action={endpoint}
        encType={hasFile ? 'multipart/form-data' : undefined}
        noValidate={hydrated || undefined}
        aria-labelledby={titleId}
        aria-busy={sending || undefined}
        data-form-id={block.id}
        data-status={status}
        onSubmit={on.onSubmit}
        onBlur={on.onBlur}
        onChange={on.onChange}
      >
        <input type="hidden" name={FORM_POST_FIELDS.form} value={block.id} />
        <input type="hidden" name={FORM_POST_FIELDS.page} value={path} />
        {block.fields.map((field, i) => {
          const error = errors.get(field.name);
          const label = <label htmlFor={fieldId(block.id, field.name)}>{field.label}</label>;
          const input = <FieldControl field={field} formId={block.id} rules={compileRules(field.rules)} error={error} choose={t.choose} />;
          return (
            <div key={field.name} className={`field field--${field.kind}${error ? ' field--invalid' : ''}`} {...at('fields', i)}>
              {field.kind === 'checkbox' ? (
                <>
                  {input}
                  {label}
                </>
              ) : (
                <>
                  {label}
                  {input}
                </>
              )}
              {error && (
                <p id={errorId(block.id, field.name)} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={fieldId(block.id, HONEYPOT_FIELD)}>{t.honeypotLabel}</label>
          <input
            id={fieldId(block.id, HONEYPOT_FIELD)}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <button ref={submitRef} type="submit" className="button button--primary" disabled={sending} {...at('submitLabel')}>
          {sending ? t.sending : block.submitLabel}
        </button>
      </form>
      <div ref={statusRef} className="form-block__status" role="status" tabIndex={-1}>
        {status === 'sent' ? block.successMessage.trim() || t.sent : null}
      </div>
      <div className="form-block__alert" role="alert">
        {status === 'failed' ? t[failure] : null}
      </div>
    </section>
  );
}
