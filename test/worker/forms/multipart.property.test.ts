/**
 * The multipart parser over every way a body can be cut into chunks: the network decides where
 * a chunk ends, so neither a refusal nor the fields parsed may depend on it.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_PART_HEADER_BYTES, MultipartError, MultipartParser, type FormFields } from '../../../worker/forms/multipart';
import { checkProperty } from '../../support/property';

const BOUNDARY = 'XyZ-boundary';
const DELIMITER = `\r\n--${BOUNDARY}`;
const encoder = new TextEncoder();

interface Part {
  name: string;
  value: string;
  filename?: string;
  /** extra header lines, to make a header block as long as a test needs */
  pad?: string;
}

function body(parts: Part[]): Uint8Array {
  const text = parts
    .map((p) => {
      const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
      const type = p.filename === undefined ? '' : '\r\nContent-Type: application/octet-stream';
      const pad = p.pad === undefined ? '' : `\r\nX-Pad: ${p.pad}`;
      return `--${BOUNDARY}\r\n${disposition}${type}${pad}\r\n\r\n${p.value}\r\n`;
    })
    .join('');
  return encoder.encode(`${text}--${BOUNDARY}--\r\n`);
}

/** The header block of `part` in bytes, as `body` writes it (between the delimiter's CRLF and the blank line). */
const headerBytes = (part: Part) => {
  const text = new TextDecoder().decode(body([part]));
  return encoder.encode(text.slice(`--${BOUNDARY}\r\n`.length, text.indexOf('\r\n\r\n'))).length;
};

/** A file as the rules see it: field, file name, type, size, and the head bytes kept. */
type FileRow = [string, string, string, number, number[]];
type Outcome = { ok: true; values: [string, string][]; files: FileRow[] } | { ok: false; error: string };

async function parse(bytes: Uint8Array, cuts: readonly number[]): Promise<Outcome> {
  const parser = new MultipartParser(BOUNDARY);
  let fields: FormFields;
  try {
    let from = 0;
    for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b).concat(bytes.length)) {
      parser.push(bytes.subarray(from, cut));
      from = cut;
    }
    fields = parser.end();
  } catch (err) {
    if (err instanceof MultipartError) return { ok: false, error: err.message };
    throw err;
  }
  const files = await Promise.all(
    [...fields.files].flatMap(([name, list]) =>
      list.map(async (f): Promise<FileRow> => [name, f.name, f.type, f.size, [...new Uint8Array(await f.slice().arrayBuffer())]]),
    ),
  );
  return { ok: true, values: [...fields.values], files };
}

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
/** Values with the bytes a parser trips on: CR, LF, dashes and most of a delimiter. */
const value = fc
  .array(fc.constantFrom('a', 'ä', '€', '\r', '\n', '\r\n', '-', '--', `--${BOUNDARY}`, `\r\n--${BOUNDARY.slice(0, 5)}`, ' '), {
    maxLength: 30,
  })
  .map((pieces) => pieces.join(''))
  .filter((v) => !`${v}\r\n`.includes(DELIMITER));
const part: fc.Arbitrary<Part> = fc.record(
  { name, value, filename: fc.option(name, { nil: undefined }) },
  { requiredKeys: ['name', 'value'] },
);
const parts = fc.array(part, { minLength: 1, maxLength: 6 });
/** Cut points, as offsets modulo the body's length: from none (one chunk) to many. */
const cuts = fc.array(fc.nat(), { maxLength: 40 });

describe('a multipart body cut into chunks anywhere', () => {
  test('a body within the limits gives the same fields for every split', async () => {
    await checkProperty(
      fc.asyncProperty(parts, cuts, async (ps, cs) => {
        const bytes = body(ps);
        const whole = await parse(bytes, []);
        expect(whole.ok).toBe(true);
        expect(await parse(bytes, cs)).toEqual(whole);
      }),
    );
  });

  test('a part header block over the limit is refused the same way for every split, also when it comes in one chunk', async () => {
    const longPart = fc.tuple(name, fc.integer({ min: 1, max: 300 })).map(([n, over]): Part => {
      const base = headerBytes({ name: n, value: 'v', pad: '' });
      return { name: n, value: 'v', pad: 'p'.repeat(MAX_PART_HEADER_BYTES - base + over) };
    });
    await checkProperty(
      fc.asyncProperty(parts, longPart, parts, cuts, async (before, long, after, cs) => {
        expect(headerBytes(long)).toBeGreaterThan(MAX_PART_HEADER_BYTES);
        expect(await parse(body([...before, long, ...after]), cs)).toEqual({
          ok: false,
          error: 'a multipart header block that is too long',
        });
      }),
      { numRuns: 100 },
    );
  });

  test('a part header block of exactly the limit is parsed for every split', async () => {
    await checkProperty(
      fc.asyncProperty(name, cuts, async (n, cs) => {
        const base = headerBytes({ name: n, value: 'v', pad: '' });
        const exact: Part = { name: n, value: 'v', pad: 'p'.repeat(MAX_PART_HEADER_BYTES - base) };
        expect(headerBytes(exact)).toBe(MAX_PART_HEADER_BYTES);
        expect(await parse(body([exact]), cs)).toEqual({ ok: true, values: [[n, 'v']], files: [] });
      }),
      { numRuns: 100 },
    );
  });
});
