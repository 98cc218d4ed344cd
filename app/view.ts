/**
 * What one screen shows: a content page, an error, or one of the system pages. The worker
 * renders a View to HTML and embeds it (with the build id) for the client to hydrate; the
 * client builds Views from payloads as it navigates.
 */
import { z } from 'zod';
import { BuildId, Chrome, Payload } from './build-records';
import { SearchAnswer, SearchTrouble } from './search/answer';

export const SystemPageName = z.enum(['unsupported', 'preview', 'reset-storage']);
export type SystemPageName = z.infer<typeof SystemPageName>;

/** Why a 503: nothing published yet, or the published site cannot be read right now. */
export const UnavailableCause = z.enum(['not-published', 'unavailable']);
export type UnavailableCause = z.infer<typeof UnavailableCause>;

export const View = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), payload: Payload }),
  z.object({
    kind: z.literal('error'),
    status: z.number().int().min(400).max(599),
    path: z.string(),
    chrome: Chrome,
    requestId: z.string().optional(),
    cause: UnavailableCause.optional(),
  }),
  z.object({
    kind: z.literal('system'),
    name: SystemPageName,
    path: z.string(),
    slug: z.string().optional(),
    chrome: Chrome,
    /** /preview: origins allowed to post drafts, and the page it starts from (`?path=`) */
    origins: z.array(z.string()).optional(),
    payload: Payload.optional(),
    /** /preview on the preview host: editors may make share links (the "copy share link" button) */
    shareLinks: z.boolean().optional(),
  }),
  /** `/{locale}/search?q=`: the results, rendered at the edge (docs/search.md) */
  z.object({
    kind: z.literal('search'),
    path: z.string(),
    chrome: Chrome,
    query: z.string(),
    /** null without a query, or with `trouble` */
    answer: SearchAnswer.nullable(),
    trouble: SearchTrouble.optional(),
  }),
]);
export type View = z.infer<typeof View>;

/**
 * On the preview host: which build editors see, and the same page on the live site; and the
 * origins that may frame the page and talk to it (PREVIEW_ORIGINS and the host's own), for
 * click-to-edit (app/client/preview-overlay.ts).
 */
export const PreviewInfo = z.object({ buildId: z.string(), liveUrl: z.string(), editorOrigins: z.array(z.string()).optional() });
export type PreviewInfo = z.infer<typeof PreviewInfo>;

/** What the server embeds in the HTML for the client (as non-executable JSON). */
export const BootData = z.object({ buildId: BuildId, view: View, preview: PreviewInfo.optional() });
export type BootData = z.infer<typeof BootData>;
