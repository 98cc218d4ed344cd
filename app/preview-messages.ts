/**
 * Click-to-edit's messages between the preview and the CMS that frames it (docs/editors.md#click-to-edit):
 *
 *   preview:select  preview -> CMS   `{ type, path, page }`: the editor clicked the element of
 *                                    content path `path` on the page at URL path `page`
 *   preview:focus   CMS -> preview   `{ type, path }`: show (scroll to, highlight) that path
 *
 * They go over the same postMessage channel as `preview:page` and `preview:ready`, to and from
 * PREVIEW_ORIGINS only. Every incoming event is checked here, origin first, then its shape.
 */
import { z } from 'zod';
import { CONTENT_PATH_MAX_CHARS, MAX_REQUEST_PATH_CHARS } from './constants';
import { parseContentPath } from './content/content-path';

const ContentPathText = z
  .string()
  .max(CONTENT_PATH_MAX_CHARS)
  .refine((path) => parseContentPath(path) !== null, 'Not a content path');

export const PreviewSelectMessage = z.object({
  type: z.literal('preview:select'),
  path: ContentPathText,
  page: z.string().max(MAX_REQUEST_PATH_CHARS),
});
export type PreviewSelectMessage = z.infer<typeof PreviewSelectMessage>;

export const PreviewFocusMessage = z.object({ type: z.literal('preview:focus'), path: ContentPathText });
export type PreviewFocusMessage = z.infer<typeof PreviewFocusMessage>;

/** The path a `preview:focus` event asks for, or null: from an origin not in `origins`, or of any other shape. */
export function focusPathOf(event: { origin: string; data: unknown }, origins: readonly string[]): string | null {
  if (!origins.includes(event.origin)) return null;
  const parsed = PreviewFocusMessage.safeParse(event.data);
  return parsed.success ? parsed.data.path : null;
}
