/**
 * A page payload's JSON, made once per payload object and kept only as long as the build store
 * keeps the payload (a WeakMap). The same string goes into a page's boot data and answers
 * `{path}/_payload.json`: script-safe JSON (html.ts) is still JSON, so an isolate holds one
 * string per payload rather than one per use.
 */
import type { Payload } from '../../app/build-records';
import { jsonForScript } from './html';

const memo = new WeakMap<Payload, string>();
const bytesMemo = new WeakMap<Payload, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

export function payloadJson(payload: Payload): string {
  let json = memo.get(payload);
  if (json === undefined) memo.set(payload, (json = jsonForScript(payload)));
  return json;
}

/**
 * The same JSON as UTF-8, for the `_payload.json` response: a string body is encoded again on
 * every response, bytes are copied as they are (a payload is tens of KB, asked for on every
 * client navigation).
 */
export function payloadJsonBytes(payload: Payload): Uint8Array<ArrayBuffer> {
  let bytes = bytesMemo.get(payload);
  if (bytes === undefined) bytesMemo.set(payload, (bytes = encoder.encode(payloadJson(payload))));
  return bytes;
}
