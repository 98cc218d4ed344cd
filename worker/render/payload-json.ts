/**
 * A page payload's JSON, made once per payload object and kept only as long as the build store
 * keeps the payload (a WeakMap). The same string goes into a page's boot data and answers
 * `{path}/_payload.json`: script-safe JSON (html.ts) is still JSON, so an isolate holds one
 * string per payload rather than one per use.
 */
import type { Payload } from '../../app/build-records';
import { jsonForScript } from './html';

const memo = new WeakMap<Payload, string>();

export function payloadJson(payload: Payload): string {
  let json = memo.get(payload);
  if (json === undefined) memo.set(payload, (json = jsonForScript(payload)));
  return json;
}
