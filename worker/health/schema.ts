/**
 * The JSON `/_app/health` answers, one shape for the worker that writes it and the smoke test
 * (scripts/lib/smoke.ts) and monitors that read it.
 */
import { z } from 'zod';

/** One deep check: whether it passed, and a sentence saying what was found. */
export const HealthCheck = z.object({ ok: z.boolean(), detail: z.string() });

/** Files of the live build checked for reachability, and the first ones that were not. */
export const FilesCheck = HealthCheck.extend({ checked: z.number().int().nonnegative(), missing: z.array(z.string()) });

export const DeepHealth = z.object({
  /** FORMS_DB answers `SELECT 1` */
  d1: HealthCheck,
  /** FORMS_DB's delivery queue producer is bound */
  queue: HealthCheck,
  /** entries waiting for delivery (pending) and those the queue gave up on (dead); dead ones do not fail the check */
  forms: HealthCheck.extend({ waiting: z.number().int().nullable(), dead: z.number().int().nullable() }),
  /** every hashed client file the live build names: a static asset, or archived in KV */
  clientFiles: FilesCheck,
  /** every media file the live build's pages show (static assets) */
  media: FilesCheck,
});
export type DeepHealth = z.infer<typeof DeepHealth>;

export const Health = z.object({
  /** the live build's id, or null when none could be read */
  build: z.string().nullable(),
  kv: z.enum(['ok', 'incomplete', 'unreadable', 'error']),
  reason: z.string().optional(),
  /** with kv "unreadable": the build the worker serves instead */
  serving: z.string().nullable().optional(),
  /** the records format of the live build (null when it could not be read) */
  recordsFormat: z.number().int().nullable(),
  /** this worker's code: its client entry file (a content hash) and the records formats it reads */
  code: z.object({
    clientEntry: z.string(),
    readsRecordsFormats: z.array(z.number().int()),
    /** the code id the live build was made with (null: unknown, or no build) */
    buildCode: z.string().nullable(),
  }),
  deep: DeepHealth.optional(),
});
export type Health = z.infer<typeof Health>;

/** A refused health request (400, 401): one sentence. */
export const HealthRefusal = z.object({ error: z.string() });
export type HealthRefusal = z.infer<typeof HealthRefusal>;
