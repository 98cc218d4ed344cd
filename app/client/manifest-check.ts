/**
 * The build manifest as client navigation reads it. The client does not ship the schemas (the
 * worker checks the manifest with them before sending it), so a structural check catches a wrong
 * or truncated body from anything between the two, which would otherwise throw in the guards on
 * every click: such a manifest counts as missing.
 */
import type { AppManifest } from '../build-records';

export function looksLikeManifest(value: unknown): value is AppManifest {
  const v = value as AppManifest | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    Array.isArray(v.prerendered) &&
    v.prerendered.every((p) => typeof p === 'string') &&
    Array.isArray(v.matcher?.rules) &&
    v.matcher.rules.every((r) => Array.isArray(r?.segments) && typeof r.rule === 'object' && r.rule !== null)
  );
}
