/**
 * Reading one JSON record from Workers KV: bounded in time, so a slow or stuck KV never hangs a
 * request, and parsed against its schema, since a KV value is input like any other. What can
 * go wrong is one of two errors, each with the status its request is answered with.
 */
import type { z } from 'zod';
import { KV_READ_TIMEOUT_MS } from '../app/constants';
import { DomainError } from './domain-error';

/** A record that exists but is not what its key promises (bad JSON or wrong shape): a 500 for that request. */
export class CorruptRecordError extends DomainError {
  readonly name = 'CorruptRecordError';
  readonly status = 500;
  constructor(
    readonly key: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`KV record ${key} is corrupt: ${reason}`, options);
  }
}

/** KV did not answer (threw, or took longer than KV_READ_TIMEOUT_MS): a 503, not a 500. */
export class KvUnavailableError extends DomainError {
  readonly name = 'KvUnavailableError';
  readonly status = 503;
  constructor(
    readonly key: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`KV read of ${key} failed: ${reason}`, options);
  }
}

/**
 * The part of a KV namespace the store reads with, described by what is called on it: the
 * store needs no Cloudflare types, and an in-process test can hand it a stub.
 */
export interface KvReader {
  get(key: string, type: 'text'): Promise<string | null>;
}

/** A KV read bounded in time, so a slow or stuck KV never hangs a request. */
export async function readText(kv: KvReader, key: string, timeoutMs: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KvUnavailableError(key, `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([kv.get(key, 'text'), timeout]);
  } catch (err) {
    throw err instanceof KvUnavailableError ? err : new KvUnavailableError(key, (err as Error).message, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/** A record's text as its schema's value; anything else is a corrupt record, never a bug. */
export function parseRecord<S extends z.ZodType>(key: string, text: string, schema: S): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new CorruptRecordError(key, 'not JSON', { cause: err });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CorruptRecordError(key, parsed.error.issues[0]?.message ?? 'invalid', { cause: parsed.error });
  return parsed.data;
}

export async function readJson<S extends z.ZodType>(
  kv: KvReader,
  key: string,
  schema: S,
  timeoutMs = KV_READ_TIMEOUT_MS,
): Promise<z.infer<S> | null> {
  const text = await readText(kv, key, timeoutMs);
  return text === null ? null : parseRecord(key, text, schema);
}
