-- An idempotency key is unique per form, not across every form, and each entry keeps a hash of
-- what was submitted, so the worker can tell a retried post (same key, same submission: stored
-- once, answered "sent") from a key reused with other answers (answered 409, nothing stored).
-- SQLite cannot drop the old UNIQUE constraint, so the table is built again and the rows copied;
-- the indexes went with the old table and are made again.
CREATE TABLE form_entries_v2 (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL,
  -- hex SHA-256 of the submission in a canonical form: the page and the stored field values,
  -- names sorted (worker/forms/submission-hash.ts). NULL for rows stored before this migration:
  -- a key of theirs sent again is answered "sent" whatever it carries, as it was then.
  submission_sha256 TEXT,
  form TEXT NOT NULL,
  page TEXT NOT NULL,
  locale TEXT NOT NULL,
  build TEXT NOT NULL,
  preview INTEGER NOT NULL DEFAULT 0,
  received_at INTEGER NOT NULL,
  fields TEXT NOT NULL,
  webhook TEXT,
  webhook_url TEXT,
  webhook_secret TEXT,
  status TEXT NOT NULL CHECK (status IN ('stored', 'pending', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  queued_at INTEGER,
  delivered_at INTEGER,
  UNIQUE (form, idempotency_key)
);

INSERT INTO form_entries_v2
  (id, idempotency_key, submission_sha256, form, page, locale, build, preview, received_at, fields,
   webhook, webhook_url, webhook_secret, status, attempts, last_error, queued_at, delivered_at)
SELECT id, idempotency_key, NULL, form, page, locale, build, preview, received_at, fields,
   webhook, webhook_url, webhook_secret, status, attempts, last_error, queued_at, delivered_at
FROM form_entries;

DROP TABLE form_entries;

ALTER TABLE form_entries_v2 RENAME TO form_entries;

CREATE INDEX form_entries_received_at ON form_entries (received_at);
CREATE INDEX form_entries_form_received_at ON form_entries (form, received_at);
CREATE INDEX form_entries_status_queued_at ON form_entries (status, queued_at);
