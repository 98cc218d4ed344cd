/**
 * The schemas of what blocks are made of: rich text, images and form fields. They are apart
 * from the block schemas (schema.ts, which re-exports them) because the block tree's type
 * (block-tree.ts) names them, and the block schemas need that type to walk the tree.
 */
import { z } from 'zod';
import { FORM_MAX_VALUES } from '../constants';
import { parseRuleString } from '../validation/rule-string';
import { isHttpsUrl, isInternalPath, isSafeRichTextHref } from '../urls';
import { strictObject } from './unknown-keys';
import { schemaOf } from '../schema-of';

export const nonEmpty = z.string().trim().min(1, 'Must not be empty');

// ---------------------------------------------------------------- rich text

export const Mark = z.discriminatedUnion('type', [
  strictObject({ type: z.literal('bold') }),
  strictObject({ type: z.literal('italic') }),
  strictObject({ type: z.literal('underline') }),
  strictObject({ type: z.literal('strike') }),
  strictObject({ type: z.literal('code') }),
  strictObject({
    type: z.literal('link'),
    attrs: strictObject({
      href: z.string().refine(isSafeRichTextHref, 'Must be an internal path, an http(s) URL, mailto: or tel:'),
    }),
  }),
]);
export type Mark = z.infer<typeof Mark>;

export const TextNode = strictObject({ type: z.literal('text'), text: z.string(), marks: z.array(Mark).optional() });
export type TextNode = z.infer<typeof TextNode>;

export type RichNode =
  | TextNode
  | { type: 'paragraph'; content?: RichNode[] }
  | { type: 'heading'; attrs: { level: 2 | 3 | 4 }; content?: RichNode[] }
  | { type: 'bulletList'; content?: RichNode[] }
  | { type: 'orderedList'; attrs?: { start?: number }; content?: RichNode[] }
  | { type: 'listItem'; content?: RichNode[] }
  | { type: 'blockquote'; content?: RichNode[] }
  | { type: 'hardBreak' }
  | { type: 'horizontalRule' };

const children = () => z.array(RichNode).optional();

const richNodeUnion = () =>
  z.discriminatedUnion('type', [
    TextNode,
    strictObject({ type: z.literal('paragraph'), content: children() }),
    strictObject({
      type: z.literal('heading'),
      attrs: strictObject({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
      content: children(),
    }),
    strictObject({ type: z.literal('bulletList'), content: children() }),
    strictObject({
      type: z.literal('orderedList'),
      attrs: strictObject({ start: z.number().int().min(0).optional() }).optional(),
      content: children(),
    }),
    strictObject({ type: z.literal('listItem'), content: children() }),
    strictObject({ type: z.literal('blockquote'), content: children() }),
    strictObject({ type: z.literal('hardBreak') }),
    strictObject({ type: z.literal('horizontalRule') }),
  ]);

export const RichNode: z.ZodType<RichNode> = schemaOf<RichNode>()(z.lazy(richNodeUnion));

export const RichText = strictObject({ type: z.literal('doc'), content: z.array(RichNode) });
export type RichText = z.infer<typeof RichText>;

// ---------------------------------------------------------------- media and fields

/**
 * An image with its size as shown. For a file under media/ the build reads the size from the
 * file: a declared one must match it, an omitted one is filled in (scripts/lib/media-check.ts),
 * so a built page always has both. An https image is not fetched, so its size must be written.
 */
export const Image = strictObject({
  src: z
    .string()
    .refine((s) => (s.startsWith('/media/') && isInternalPath(s)) || isHttpsUrl(s), 'Must start with /media/ or be an https URL'),
  alt: z.string().max(500),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
}).superRefine((image, ctx) => {
  if (!isHttpsUrl(image.src)) return;
  for (const side of ['width', 'height'] as const) {
    if (image[side] === undefined)
      ctx.addIssue({ code: 'custom', path: [side], message: 'Required for an https image: the build reads the size of files under /media/ only' });
  }
});
export type Image = z.infer<typeof Image>;

/**
 * What the form endpoint (worker/forms/routes.ts) takes: value names of at most 64 characters,
 * and FORM_MAX_VALUES values, one of them the honeypot. A form beyond either could never be
 * sent, so the build refuses it rather than the visitor finding out.
 */
export const FIELD_NAME_MAX_CHARS = 64;
export const FORM_MAX_FIELDS = FORM_MAX_VALUES - 1;

export const FieldKind = z.enum(['text', 'email', 'tel', 'number', 'textarea', 'select', 'checkbox', 'file']);

export const Field = strictObject({
    name: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, 'Must start with a letter and use letters, digits and _')
      .max(FIELD_NAME_MAX_CHARS, `Must be at most ${FIELD_NAME_MAX_CHARS} characters`),
    label: nonEmpty,
    kind: FieldKind,
    rules: z
      .string()
      .optional()
      .superRefine((rules, ctx) => {
        if (rules === undefined) return;
        const parsed = parseRuleString(rules);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    options: z.array(strictObject({ value: z.string(), label: nonEmpty })).min(1).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.kind === 'select' && !field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select field needs options' });
    }
  });
export type Field = z.infer<typeof Field>;
