/** Temp dirs for builds and content, named so that a leftover one says where it came from. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `edge-site-${prefix}-`));
}

/** Removes temp dirs, never throwing (used in finally blocks). */
export async function removeAll(dirs: (string | undefined)[]) {
  await Promise.all(dirs.filter((d) => d !== undefined).map((d) => rm(d, { recursive: true, force: true }).catch(() => undefined)));
}
