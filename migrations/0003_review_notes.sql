-- Review notes: a reviewer who opened a share link leaves a short text note on a block of that
-- page of a draft; editors list, resolve and delete them on the preview host and with
-- `npm run drafts -- notes NAME`. Written only by the preview environment's worker
-- (worker/preview/notes*.ts); the live site's database has the table too, empty, since every
-- environment applies the same migrations. A draft's notes are deleted with the draft
-- (`npm run drafts -- delete NAME`, and gc's expiry of unused drafts).
CREATE TABLE review_notes (
  -- made by the worker (a UUID)
  id TEXT PRIMARY KEY,
  -- the named draft ('' for the unnamed draft at the preview host itself)
  draft TEXT NOT NULL,
  -- the page's path, as the share link names it (/en/contact)
  page TEXT NOT NULL,
  -- the block's content path on that page (blocks[3]); '' for the page as a whole
  block TEXT NOT NULL,
  -- plain text, trimmed, without control characters but line breaks; never rendered as HTML
  text TEXT NOT NULL,
  -- the name the reviewer typed
  reviewer TEXT NOT NULL,
  -- ms since 1970-01-01 UTC
  created_at INTEGER NOT NULL,
  -- when an editor resolved it, ms; NULL while open
  resolved_at INTEGER
);

CREATE INDEX review_notes_draft_page_created_at ON review_notes (draft, page, created_at);
