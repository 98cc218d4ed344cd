import type { Block, Field } from '../../content/schema';
import { parseRuleString } from '../../validation/rule-string';

type FormBlockData = Extract<Block, { type: 'form' }>;

/** Native constraints from the rule string, so the form is usable before (or without) JavaScript. */
function nativeConstraints(field: Field) {
  const parsed = field.rules ? parseRuleString(field.rules) : { ok: true as const, rules: [] };
  const rules = parsed.ok ? parsed.rules : [];
  const param = (name: string) => rules.find((r) => r.name === name)?.params;
  const max = param('max')?.[0];
  const min = param('min')?.[0];
  return {
    required: rules.some((r) => r.name === 'required') || undefined,
    maxLength: max !== undefined ? Number(max) : undefined,
    minLength: min !== undefined ? Number(min) : undefined,
  };
}

function FieldControl({ field, formId }: { field: Field; formId: string }) {
  const id = `${formId}-${field.name}`;
  const constraints = nativeConstraints(field);
  switch (field.kind) {
    case 'textarea':
      return <textarea id={id} name={field.name} rows={5} {...constraints} />;
    case 'select':
      return (
        <select id={id} name={field.name} required={constraints.required} defaultValue="">
          <option value="" disabled>
            —
          </option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
      return <input id={id} name={field.name} type="checkbox" value="yes" required={constraints.required} />;
    case 'file':
      return <input id={id} name={field.name} type="file" required={constraints.required} />;
    default:
      return <input id={id} name={field.name} type={field.kind} {...constraints} />;
  }
}

export function FormBlock({ block }: { block: FormBlockData }) {
  const hasFile = block.fields.some((f) => f.kind === 'file');
  return (
    <section className="block form-block" id={block.id}>
      {block.title && <h2>{block.title}</h2>}
      <form method="post" action={block.endpoint} encType={hasFile ? 'multipart/form-data' : undefined} data-form-id={block.id}>
        {block.fields.map((field) => (
          <div key={field.name} className={`field field--${field.kind}`}>
            {field.kind === 'checkbox' ? (
              <>
                <FieldControl field={field} formId={block.id} />
                <label htmlFor={`${block.id}-${field.name}`}>{field.label}</label>
              </>
            ) : (
              <>
                <label htmlFor={`${block.id}-${field.name}`}>{field.label}</label>
                <FieldControl field={field} formId={block.id} />
              </>
            )}
          </div>
        ))}
        <button type="submit" className="button button--primary">
          {block.submitLabel}
        </button>
      </form>
    </section>
  );
}
