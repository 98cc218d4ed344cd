/**
 * Reading a form post's body, once, while it streams in. Bytes are counted as they arrive, so
 * a post without Content-Length (chunked) is capped like any other, and nothing is held twice:
 * JSON bodies are decoded as they arrive, URL-encoded and multipart bodies parsed as they
 * stream (urlencoded.ts, multipart.ts), their fields counted as they come and parsing stopped
 * at the first over the limit; of each file only what the file rules read is kept. A 5 MB
 * upload costs about its head in memory, not the upload three times over (chunks, their
 * concatenation, then the parsed File).
 */
import { FORM_MAX_VALUES } from '../../app/constants';
import { DomainError } from '../domain-error';
import { MultipartError, MultipartParser, type FormFields } from './multipart';
import { UrlEncodedError, UrlEncodedParser } from './urlencoded';

/** Why a body was not read, for the refusal the form route answers with. */
export class BodyRefused extends DomainError {
  readonly name = 'BodyRefused';
  constructor(
    readonly status: 400 | 413 | 415,
    readonly reason: 'unreadable' | 'too_large' | 'unsupported_type',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const unreadable = (detail: string, options?: ErrorOptions) =>
  new BodyRefused(400, 'unreadable', `The form data is not valid: ${detail}.`, options);

/**
 * How long the rest of a body refused while it was parsed (malformed, too many fields) is read
 * and dropped before the answer goes: long enough for a client that is still sending a form's
 * worth, short enough that a body whose tail never comes cannot hold the answer back.
 */
const REFUSED_BODY_DRAIN_MAX_MS = 1_000;

// ---------------------------------------------------------------- media type

export type FormBodyType = 'json' | 'urlencoded' | 'multipart';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE_RE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})[ \\t]*(?:;(.*))?$`);
const PARAM_RE = new RegExp(`^[ \\t]*(${TOKEN})=(?:(${TOKEN})|"((?:[^"\\\\]|\\\\.)*)")[ \\t]*$`);

export interface MediaType {
  type: FormBodyType;
  params: ReadonlyMap<string, string>;
}

const TYPES = new Map<string, FormBodyType>([
  ['application/json', 'json'],
  ['application/x-www-form-urlencoded', 'urlencoded'],
  ['multipart/form-data', 'multipart'],
]);

/**
 * `type/subtype` compared exactly (case-insensitively), then `; name=value` parameters, as
 * RFC 9110 spells a media type; `application/jsonfoo` or `text/plain` is no form body. Null
 * when the header is missing, malformed, or names another type.
 */
export function formBodyType(header: string | undefined): MediaType | null {
  const m = header === undefined || header.length > 1024 ? null : MEDIA_TYPE_RE.exec(header);
  const type = m ? TYPES.get(`${m[1]}/${m[2]}`.toLowerCase()) : undefined;
  if (!m || !type) return null;
  const params = new Map<string, string>();
  // Parameters are split on `;` outside quotes; a malformed one makes the header malformed.
  for (const part of (m[3] ?? '').match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    if (part.trim() === '') continue;
    const p = PARAM_RE.exec(part);
    if (!p) return null;
    const name = p[1]!.toLowerCase();
    if (!params.has(name)) params.set(name, p[2] ?? p[3]!.replace(/\\(.)/g, '$1'));
  }
  return { type, params };
}

// ---------------------------------------------------------------- the body

/** The body's bytes as they arrive, counted: past `maxBytes` a 413, and the upload is cut off. */
async function* chunks(request: Request, maxBytes: number): AsyncGenerator<Uint8Array> {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > maxBytes) throw new BodyRefused(413, 'too_large', 'The form is too large.');
  const reader = request.body?.getReader();
  if (!reader) return;
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) throw new BodyRefused(413, 'too_large', 'The form is too large.');
      yield value;
    }
  } finally {
    if (!finished) {
      if (size > maxBytes) await reader.cancel().catch(() => {});
      else await drain(reader, size, maxBytes, REFUSED_BODY_DRAIN_MAX_MS);
    }
  }
}

/**
 * Reads what is left of a refused body and drops it, up to the cap. A client still sending
 * when the answer comes and the connection closes sees a reset, not the answer: a browser
 * would show a network error instead of the page that says why. Past the cap, or after
 * `maxMs`, it is cut off.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, size: number, maxBytes: number, maxMs = Infinity): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<'time-up'>((resolve) => {
    if (Number.isFinite(maxMs)) timer = setTimeout(() => resolve('time-up'), maxMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeUp]);
      if (next === 'time-up') return void (await reader.cancel());
      if (next.done) return;
      size += next.value.byteLength;
      if (size > maxBytes) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    clearTimeout(timer);
  }
}

/** For a post refused before its body was read (403, 415, 429): see drain. */
export async function discardBody(request: Request, maxBytes: number): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return void (await body.cancel().catch(() => {}));
  await drain(body.getReader(), 0, maxBytes);
}

/** The whole body as text: JSON and URL-encoded posts carry no files, only values. */
async function text(request: Request, maxBytes: number): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of chunks(request, maxBytes)) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/** The parsed JSON document, or null when the body is not JSON. */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const body = await text(request, maxBytes);
  try {
    return JSON.parse(body);
  } catch {
    return null; // including a document nested too deep to parse
  }
}

export async function readFormFields(request: Request, media: MediaType, maxBytes: number): Promise<FormFields> {
  if (media.type === 'urlencoded') {
    const parser = new UrlEncodedParser(FORM_MAX_VALUES + 10);
    try {
      for await (const chunk of chunks(request, maxBytes)) parser.push(chunk);
      return { values: parser.end(), files: new Map() };
    } catch (err) {
      throw err instanceof UrlEncodedError ? unreadable(err.message, { cause: err }) : err;
    }
  }
  const boundary = media.params.get('boundary');
  // RFC 2046: 1-70 characters from a small set, so the delimiter can never contain a CR.
  if (!boundary || !/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) throw unreadable('no multipart boundary');
  const parser = new MultipartParser(boundary);
  try {
    for await (const chunk of chunks(request, maxBytes)) parser.push(chunk);
    return parser.end();
  } catch (err) {
    throw err instanceof MultipartError ? unreadable(err.message, { cause: err }) : err;
  }
}
