/**
 * Who may hear what a preview page says: the window that frames it (or opened it), when its
 * origin is one allowed to send drafts. Apart from the live preview screen and free of zod, so
 * the click-to-edit overlay (app/client/preview-overlay.ts) asks the same question without
 * loading that screen.
 */

/**
 * The origin of the window that shows this page (the CMS's frame, else the opener), when it is
 * one allowed to post drafts: the only origin `preview:ready` may go to, since it carries the
 * draft's page. `ancestorOrigins` names the parent for sure where the browser has it; else the
 * referrer, which is the parent's page when the frame was opened by it. Unknown: null, no post.
 */
export function editorOrigin(
  origins: readonly string[],
  { ancestorOrigins, referrer }: { ancestorOrigins?: ArrayLike<string>; referrer: string },
) {
  let origin = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined;
  if (!origin && referrer) {
    try {
      origin = new URL(referrer).origin;
    } catch {
      origin = undefined;
    }
  }
  return origin !== undefined && origins.indexOf(origin) >= 0 ? origin : null;
}
