/**
 * What the test files of one run share, served by the global setup (test/global-setup.ts) from
 * vitest's main process: builds, one per distinct content, one `npm start` server of each kind
 * the browser files share (SiteKind), and one Chromium in which each browser file opens contexts. Each is made the first time a
 * file asks, never before, so a run of one file pays only for what that file uses; and made in
 * one place, so two files running at once never build the same content twice.
 *
 * The files reach the services over HTTP on 127.0.0.1 (its address comes with vitest's
 * `provide`/`inject`); without the global setup (another config) each helper builds and starts
 * for itself, as before.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { inject } from 'vitest';
import type { BuildOutput } from '../../scripts/lib/build-records';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the run's services, when the global setup runs */
    runServices: string;
  }
}

export interface BuildRequest {
  contentDir: string;
  timestamp: number;
  codeLabel?: string;
}

export interface SharedBuild {
  outDir: string;
  build: BuildOutput;
}

/**
 * The kinds of `npm start` server a run shares, each started the first time a file asks:
 *   repo         the repository's content
 *   tag-manager  the repository's content with a tag manager (basic consent mode), for the consent
 *                and CSP files, whose browsers answer Google's hosts locally
 *   preview      `npm run preview`: the editors' host, with the CMS origin it may be framed by
 *                (SharedSite.cmsPort) and the share-link secret PREVIEW_TEST_SHARE_SECRET
 * A file that changes what a shared server serves puts it back before it ends (navigation's
 * republish rolls back), since the files after it see the same server.
 */
export const SITE_KINDS = ['repo', 'tag-manager', 'preview'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** The share-link secret of the shared preview server. */
export const PREVIEW_TEST_SHARE_SECRET = 'share-links-secret-for-the-e2e-0123456789';

export interface SharedSite {
  url: string;
  /** on the preview server: the port of 127.0.0.1 whose `http://localhost:PORT` is its PREVIEW_ORIGINS */
  cmsPort?: number;
  state: string;
  /** the server's output up to the moment it answered health */
  output: string;
}

/** The run's services, or undefined when no global setup serves them. */
export function runServicesUrl(): string | undefined {
  try {
    return inject('runServices') || undefined;
  } catch {
    return undefined; // not inside a vitest worker
  }
}

async function ask<T>(path: string, body: unknown): Promise<T> {
  const base = runServicesUrl();
  if (!base) throw new Error('no run services: test/global-setup.ts is not in this run');
  const res = await fetch(base + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`run services ${path}: ${text}`);
  return JSON.parse(text) as T;
}

export const sharedBuild = (request: BuildRequest) => ask<SharedBuild>('/build', request);

export interface SharedBrowser {
  /** playwright's endpoint of the run's one Chromium (`chromium.connect`) */
  wsEndpoint: string;
}
export const sharedBrowser = () => ask<SharedBrowser>('/browser', {});
export const sharedSite = (kind: SiteKind = 'repo') => ask<SharedSite>('/site', { kind });

/**
 * What a build depends on besides the code (the same for the whole run): every file of the
 * content directory by path and bytes, the timestamp and the code label. The directory's own
 * name is not part of it: two copies of the same content are one build.
 */
export async function contentKey({ contentDir, timestamp, codeLabel }: BuildRequest): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify({ timestamp, codeLabel: codeLabel ?? null }));
  const walk = async (dir: string): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const bytes = await readFile(path);
        hash.update(`\0${relative(contentDir, path)}\0${bytes.length}\0`).update(bytes);
      }
    }
  };
  await walk(contentDir);
  return hash.digest('hex');
}

/** The HTTP face of the services: POST a JSON request, get JSON back (or a 500 with the error's text). */
export function serveRunServices(handlers: Record<string, (body: unknown) => Promise<unknown>>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const handler = Object.hasOwn(handlers, req.url ?? '') ? handlers[req.url!] : undefined;
      if (req.method !== 'POST' || !handler) {
        res.writeHead(404).end('no such service');
        return;
      }
      Promise.resolve()
        .then(() => handler(JSON.parse(body || '{}')))
        .then(
          (value) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)),
          (err: unknown) => res.writeHead(500).end(err instanceof Error ? (err.stack ?? err.message) : String(err)),
        );
    });
  });
  // A build or a server start takes longer than Node's default request timeouts allow on a loaded machine.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
}
