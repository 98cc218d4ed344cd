/**
 * A named draft's host (`{name}.preview.example.com`) when there is no such draft: it was never
 * published, or gc removed it after it went unused. Behind the gate, so only editors learn
 * which names exist; never the live build in its place, which an editor would take for the draft.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { escapeHtml } from '../render/html';
import { plainPage } from '../render/plain-page';
import { PREVIEW_CACHE_CONTROL, PREVIEW_ROBOTS } from './gate';

export function noSuchDraft(c: Context<AppEnv>, name: string) {
  const body = plainPage({
    lang: 'en',
    title: 'No such draft',
    robots: PREVIEW_ROBOTS,
    main: `<h1>There is no draft named “${escapeHtml(name)}”</h1>
<p>It was never published, or it was deleted (gc removes drafts unused for a while).
Publish it with <code>npm run publish -- --draft ${escapeHtml(name)}</code>; <code>npm run drafts</code> lists the drafts there are.</p>
<p>Request ID: ${escapeHtml(c.get('requestId'))}</p>`,
  });
  return c.html(body, 404, { 'Cache-Control': PREVIEW_CACHE_CONTROL, 'X-Robots-Tag': PREVIEW_ROBOTS });
}
