/**
 * The review-notes panel of the preview host (docs/editors.md#review-notes): a chunk of its own,
 * which the entry loads only when the page says it is the preview host, so the live site's code
 * does not carry it. It renders into a root of its own beside the app's (never inside the
 * hydrated tree): a reviewer who opened a share link (`?share=` in the address) gets the form
 * that leaves a note; an editor gets the page's notes beside their blocks, again after each
 * client-side navigation.
 */
import type { createRoot as CreateRoot } from 'react-dom/client';
import { PREVIEW_SHARE_PARAM } from '../endpoints';
import type { Note } from '../notes';
import { pageBlocks } from './note-blocks';
import { changeNote, fetchNotes, sendNote } from './notes-api';
import { EditorNotes, ReviewerForm } from './notes-panel-view';
import type { ViewStore } from './view-store';

/**
 * What the entry hands over rather than this chunk importing it: a module the entry imports
 * too (react-dom's client, the view facts) would be split out of the entry into a chunk both
 * share, and the live site would load its React from there, without the entry's compile hints.
 */
export interface PanelKit {
  store: ViewStore;
  /** the app's root element, whose blocks notes are about */
  appRoot: Element;
  createRoot: typeof CreateRoot;
  /** the `lang` of the view shown */
  lang: () => string;
}

export function startNotesPanel({ store, appRoot, createRoot, lang }: PanelKit): void {
  const host = document.createElement('div');
  host.id = 'review-notes-root';
  document.body.append(host);
  const root = createRoot(host);
  const page = () => location.pathname;
  const share = new URLSearchParams(location.search).get(PREVIEW_SHARE_PARAM);

  if (share !== null) {
    if (store.getView().kind !== 'page') return;
    root.render(<ReviewerForm lang={lang()} blocks={pageBlocks(appRoot)} send={(note) => sendNote(page(), share, note)} />);
    return;
  }

  let shown = '';
  async function showNotes() {
    const path = page();
    shown = path;
    // Notes are about a content page's blocks: the /preview screen, errors and the system
    // pages have none, and the notes endpoint refuses them as pages.
    if (store.getView().kind !== 'page') return root.render(null);
    const notes: Note[] | null = await fetchNotes(path);
    // A later navigation's list wins over a slower earlier one; not an editor: no panel.
    if (shown !== path) return;
    if (notes === null) return root.render(null);
    root.render(
      <EditorNotes
        lang={lang()}
        root={appRoot}
        notes={notes}
        blocks={pageBlocks(appRoot)}
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
