-- Form entries sent to POST /_app/forms (forms without their own endpoint): one row per entry.
-- Applied by `wrangler d1 migrations apply FORMS_DB` remotely (npm run deploy), by npm start locally
-- in the same way and with the same record (scripts/lib/migrations.ts), and by test/support/workerd.ts
-- in the tests. Rows older than FORM_RETENTION_DAYS are deleted by the
-- worker's scheduled handler (worker/forms/scheduled.ts).
CREATE TABLE form_entries (
  -- made by the worker (a UUID); also the entry's id for the webhook receiver (X-Entry-Id)
  id TEXT PRIMARY KEY,
  -- made by the visitor's browser once per submission and sent again with each retry of it, so
  -- a retried post is stored once; a post without JavaScript gets one made by the worker
  idempotency_key TEXT NOT NULL UNIQUE,
  form TEXT NOT NULL,
  page TEXT NOT NULL,
  -- the page's locale code (site.json locales[].code)
  locale TEXT NOT NULL,
  -- the build the visitor's page came from, and whether it was the editors' preview host
  build TEXT NOT NULL,
  preview INTEGER NOT NULL DEFAULT 0,
  -- when the worker stored it, ms since 1970-01-01 UTC
  received_at INTEGER NOT NULL,
  -- the validated values by field name, as JSON (files as name, type and size only)
  fields TEXT NOT NULL,
  -- where it is delivered: the site.json webhook's name, its URL, and the NAME of the worker
  -- secret that signs it (never the secret itself); all NULL for a form without a webhook
  webhook TEXT,
  webhook_url TEXT,
  webhook_secret TEXT,
  -- stored: no webhook, kept only; pending: to be delivered; delivered; dead: every attempt failed
  status TEXT NOT NULL CHECK (status IN ('stored', 'pending', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- last time the delivery queue had it (sent or attempted), ms; NULL: not in the queue
  queued_at INTEGER,
  delivered_at INTEGER
);

CREATE INDEX form_entries_received_at ON form_entries (received_at);
CREATE INDEX form_entries_form_received_at ON form_entries (form, received_at);
CREATE INDEX form_entries_status_queued_at ON form_entries (status, queued_at);
