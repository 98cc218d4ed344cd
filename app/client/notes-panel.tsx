/**
 * The review-notes panel of the preview host (docs/editors.md#review-notes): a chunk of its own,
 * which the entry loads only when the page says it is the preview host, so the live site's code
 * does not carry it. It renders into a root of its own beside the app's (never inside the
 * hydrated tree): a reviewer who opened a share link (`?share=` in the address) gets the form
 * that leaves a note; an editor gets the page's notes beside their blocks, again after each
 * client-side navigation.
 */
import { createRoot, type Root } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID } from '../dom-ids';
import { PREVIEW_SHARE_PARAM } from '../endpoints';
import { chromeOf } from '../render/view-facts';
import type { Note } from '../notes';
import { pageBlocks } from './note-blocks';
import { changeNote, fetchNotes, sendNote } from './notes-api';
import { EditorNotes, ReviewerForm } from './notes-panel-view';
import type { ViewStore } from './view-store';

export function startNotesPanel(store: ViewStore): void {
  const appRoot = document.getElementById(APP_ROOT_ELEMENT_ID);
  if (!appRoot) return;
  const host = document.createElement('div');
  host.id = 'review-notes-root';
  document.body.append(host);
  const root: Root = createRoot(host);
  const lang = () => chromeOf(store.getView()).locale.lang;
  const page = () => location.pathname;
  const share = new URLSearchParams(location.search).get(PREVIEW_SHARE_PARAM);

  if (share !== null) {
    root.render(<ReviewerForm lang={lang()} blocks={pageBlocks(appRoot)} send={(note) => sendNote(page(), share, note)} />);
    return;
  }

  let shown = '';
  async function showNotes() {
    const path = page();
    shown = path;
    const notes: Note[] | null = await fetchNotes(path);
    // A later navigation's list wins over a slower earlier one; not an editor: no panel.
    if (shown !== path) return;
    if (notes === null) return root.render(null);
    root.render(
      <EditorNotes
        lang={lang()}
        root={appRoot!}
        notes={notes}
        blocks={pageBlocks(appRoot!)}
        change={async (action, id) => {
          const done = await changeNote(action, id);
          if (done) await showNotes();
          return done;
        }}
      />,
    );
  }
  void showNotes();
  store.subscribe(() => {
    if (page() !== shown) void showNotes();
  });
}
