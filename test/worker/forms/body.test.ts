/**
 * A form body with too many fields, from a client that never finishes sending it: the answer
 * comes at once, from the fields up to the limit, and the rest is neither parsed nor waited for.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FORM_MAX_BYTES, FORM_MAX_VALUES } from '../../../app/constants';
import { BodyRefused, formBodyType, readFormFields } from '../../../worker/forms/body';
import { MAX_PARTS, MultipartParser } from '../../../worker/forms/multipart';
import { UrlEncodedParser } from '../../../worker/forms/urlencoded';

afterEach(() => vi.restoreAllMocks());

/** Well past what a refusal may take (the drain's bound, on a loaded machine). */
const PROMPT_MS = 5_000;

/**
 * A request whose body is `fields` chunks, one field each, made as they are read, and then a
 * tail that never arrives; `cancelled` turns true when the reader gives up on it.
 */
function stalledPost(type: string, fields: number, field: (i: number) => string) {
  const encoder = new TextEncoder();
  const state = { given: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.given === fields) return new Promise<void>(() => {}); // the tail never comes
        controller.enqueue(encoder.encode(field(state.given++)));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('https://x.example/_app/forms', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, state };
}

/** What the read comes to within PROMPT_MS, or 'still waiting'. */
async function settled(read: Promise<unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting'), PROMPT_MS)));
  try {
    return await Promise.race([
      read.then(
        () => 'read',
        (err: unknown) => err,
      ),
      waiting,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a body with too many fields whose tail never arrives', () => {
  test('multipart: refused as too many fields at once, parsing stopped at the first part over the limit', async () => {
    const push = vi.spyOn(MultipartParser.prototype, 'push');
    const type = 'multipart/form-data; boundary=B';
    const { request, state } = stalledPost(type, MAX_PARTS + 50, (i) => `--B\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`);
    const outcome = await settled(readFormFields(request, formBodyType(type)!, FORM_MAX_BYTES));
    expect(outcome).toBeInstanceOf(BodyRefused);
    expect(outcome).toMatchObject({ status: 400, reason: 'unreadable', message: 'The form data is not valid: too many fields.' });
    expect(push).toHaveBeenCalledTimes(MAX_PARTS + 1);
    expect(state.cancelled).toBe(true);
  });

  test('URL-encoded: refused as too many fields at once, parsing stopped at the first pair over the limit', async () => {
    const push = vi.spyOn(UrlEncodedParser.prototype, 'push');
    const type = 'application/x-www-form-urlencoded';
    const limit = FORM_MAX_VALUES + 10;
    const { request, state } = stalledPost(type, limit + 50, (i) => `f${i}=v&`);
    const outcome = await settled(readFormFields(request, formBodyType(type)!, FORM_MAX_BYTES));
    expect(outcome).toBeInstanceOf(BodyRefused);
    expect(outcome).toMatchObject({ status: 400, reason: 'unreadable', message: 'The form data is not valid: too many fields.' });
    // Each chunk ends its pair with `&`, so pair n is parsed when chunk n arrives.
    expect(push).toHaveBeenCalledTimes(limit + 1);
    expect(state.cancelled).toBe(true);
  });

  test('URL-encoded: a repeated name counts each time it is sent', async () => {
    const type = 'application/x-www-form-urlencoded';
    const { request } = stalledPost(type, FORM_MAX_VALUES + 60, () => 'same=v&');
    expect(await settled(readFormFields(request, formBodyType(type)!, FORM_MAX_BYTES))).toMatchObject({
      status: 400,
      message: 'The form data is not valid: too many fields.',
    });
  });
});
