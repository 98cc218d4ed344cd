/**
 * multipart/form-data, parsed as it streams in: text values are kept whole, and of each file
 * only its name, type, size and first IMAGE_HEAD_BYTES, all that the file rules read (size,
 * mimes, ext, image, and dimensions from the header bytes). Limits on part headers, parts and
 * text lengths keep a hostile body from costing more than an honest one.
 */
import { FORM_MAX_VALUES, FORM_TEXT_MAX_CHARS } from '../../app/constants';
import { IMAGE_HEAD_BYTES } from '../../app/validation/image-info';
import type { UploadedFile } from '../../app/validation/validate';
import { DomainError } from '../domain-error';

/** The body is not multipart as RFC 7578 has it; the message says how, and may be shown. */
export class MultipartError extends DomainError {
  readonly name = 'MultipartError';
  readonly status = 400;
}

/** A post's fields: text values by name (the last of a repeated name wins), and files. */
export interface FormFields {
  values: Map<string, string>;
  files: Map<string, UploadedFile[]>;
}

const CR = 13;
const LF = 10;
const DASH = 45;
/** Longest header block of one part: a name, a file name and a type fit many times over. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Most parts in one body: the values the envelope takes, plus hidden fields, honeypot and files. */
export const MAX_PARTS = FORM_MAX_VALUES + 20;
/** A text value longer than this in UTF-8 is longer than FORM_TEXT_MAX_CHARS in characters. */
const MAX_TEXT_BYTES = FORM_TEXT_MAX_CHARS * 3;
const HEADERS_END = new Uint8Array([CR, LF, CR, LF]);

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Where `needle` starts in `hay` at or after `from`, or -1. Linear for the delimiter, whose
 * first byte (CR) occurs nowhere else in it: a failed comparison never overlaps the next one.
 */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = hay.indexOf(needle[0]!, from); i !== -1 && i + needle.length <= hay.length; i = hay.indexOf(needle[0]!, i + 1)) {
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/** What a `Content-Disposition: form-data; name="…"; filename="…"` header says. */
function disposition(header: string): { name: string; filename?: string } | null {
  const m = /^form-data\s*((?:;.*)?)$/i.exec(header.trim());
  if (!m) return null;
  const params = new Map<string, string>();
  const re = /;\s*([A-Za-z0-9*_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!)) {
    const key = p[1]!.toLowerCase();
    if (!params.has(key)) params.set(key, p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3]!);
  }
  const name = params.get('name');
  return name === undefined ? null : { name, filename: params.get('filename') };
}

/** A File's type as browsers give it: lowercase, or empty when not plain ASCII. */
const fileType = (type: string | undefined) => (type && /^[\x20-\x7e]*$/.test(type) ? type.trim().toLowerCase() : '');

interface TextPart {
  kind: 'text';
  name: string;
  bytes: Uint8Array[];
  size: number;
}
interface FilePart {
  kind: 'file';
  name: string;
  filename: string;
  type: string;
  head: Uint8Array[];
  kept: number;
  size: number;
}

export class MultipartParser {
  private readonly delimiter: Uint8Array;
  /** bytes not yet consumed: at most a delimiter's length, or one part's header block */
  private pending: Uint8Array;
  private state: 'preamble' | 'delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  private part: TextPart | FilePart | null = null;
  private parts = 0;
  private readonly body: FormFields = { values: new Map(), files: new Map() };

  constructor(boundary: string) {
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    // The first delimiter has no CRLF before it: pretend it had, so one search finds them all.
    this.pending = new Uint8Array([CR, LF]);
  }

  push(chunk: Uint8Array): void {
    const buf = concat(this.pending, chunk);
    let at = 0;
    for (;;) {
      if (this.state === 'done') {
        at = buf.length; // the epilogue is ignored
        break;
      }
      if (this.state === 'preamble' || this.state === 'body') {
        const found = indexOf(buf, this.delimiter, at);
        if (found === -1) {
          // Keep what could be the start of a delimiter; the rest belongs to the part.
          const safe = Math.max(at, buf.length - (this.delimiter.length - 1));
          if (this.state === 'body') this.append(buf.subarray(at, safe));
          at = safe;
          break;
        }
        if (this.state === 'body') {
          this.append(buf.subarray(at, found));
          this.finishPart();
        }
        at = found + this.delimiter.length;
        this.state = 'delimiter';
      } else if (this.state === 'delimiter') {
        // `--` closes the body; otherwise optional padding, then CRLF and the part's headers.
        if (buf.length - at < 2) break;
        if (buf[at] === DASH && buf[at + 1] === DASH) {
          this.state = 'done';
          continue;
        }
        let i = at;
        while (i < buf.length && (buf[i] === 32 || buf[i] === 9) && i - at < 64) i++;
        if (i + 2 > buf.length) break;
        if (buf[i] !== CR || buf[i + 1] !== LF) throw new MultipartError('a malformed multipart delimiter');
        at = i + 2;
        this.state = 'headers';
      } else {
        const end = buf[at] === CR && buf[at + 1] === LF ? at : indexOf(buf, HEADERS_END, at);
        // The block's length when its end is here, else the least it can be (the last bytes may
        // begin its CRLFCRLF): the same refusal whether the block came in one chunk or many.
        const least = end === -1 ? buf.length - at - (HEADERS_END.length - 1) : end - at;
        if (least > MAX_PART_HEADER_BYTES) throw new MultipartError('a multipart header block that is too long');
        if (end === -1) break;
        this.startPart(new TextDecoder().decode(buf.subarray(at, end)));
        at = end === at ? at + 2 : end + 4;
        this.state = 'body';
      }
    }
    // A copy, so the chunk it came from can be freed.
    this.pending = buf.slice(at);
  }

  end(): FormFields {
    if (this.state !== 'done') throw new MultipartError('a multipart body that ends early');
    return this.body;
  }

  private startPart(headerBlock: string): void {
    if (++this.parts > MAX_PARTS) throw new MultipartError('too many fields');
    const headers = new Map<string, string>();
    for (const line of headerBlock.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const d = disposition(headers.get('content-disposition') ?? '');
    if (!d) throw new MultipartError('a multipart part without a field name');
    this.part =
      d.filename === undefined
        ? { kind: 'text', name: d.name, bytes: [], size: 0 }
        : { kind: 'file', name: d.name, filename: d.filename, type: fileType(headers.get('content-type')), head: [], kept: 0, size: 0 };
  }

  private append(bytes: Uint8Array): void {
    const part = this.part;
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.kind === 'text') {
      if (part.size > MAX_TEXT_BYTES) throw new MultipartError('a value that is too long');
      part.bytes.push(bytes.slice());
    } else if (part.kept < IMAGE_HEAD_BYTES) {
      const keep = bytes.subarray(0, IMAGE_HEAD_BYTES - part.kept);
      part.head.push(keep.slice());
      part.kept += keep.length;
    }
  }

  private finishPart(): void {
    const part = this.part;
    this.part = null;
    if (!part) return;
    if (part.kind === 'text') {
      const decoder = new TextDecoder();
      this.body.values.set(part.name, part.bytes.map((b) => decoder.decode(b, { stream: true })).join('') + decoder.decode());
      return;
    }
    // A file input left empty still sends a part, with no name and no bytes: no file.
    if (part.size === 0 && part.filename === '') return;
    const head = new Blob(part.head as BlobPart[]);
    const file: UploadedFile = { name: part.filename, type: part.type, size: part.size, slice: (start, end) => head.slice(start, end) };
    const list = this.body.files.get(part.name);
    if (list) list.push(file);
    else this.body.files.set(part.name, [file]);
  }
}
