// The browser editor in `site dev`: /admin/editor and its configuration from the build being shown, Decap
// CMS's own files from its package, and its local backend (src/cms/local-backend.ts), so a save writes
// the project's file, the watcher rebuilds and the page's tab reloads. Answered here, before the
// preview server: the editor's page never gets the reload script (a reload would lose what is typed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_FOLDER, ADMIN_PAGE, ADMIN_POLICY, ADMIN_ROUTE, PREVIEW_API, DECAP_FILE, decapFolder, PREVIEW_SCRIPT } from '../cms/admin-page.ts';
import { answerLocal, MAX_UPLOAD_BYTES, pageFile } from '../cms/local-backend.ts';
import { stringify } from 'yaml';
import type { PagePreview } from './build-thread.ts';

/** Where the editor's requests for the project's files go. */
export const LOCAL_API = `${ADMIN_FOLDER}api/v1`;

export interface AdminFiles {
  /** A file of the build being shown, e.g. `admin/config.yml`. */
  built(path: string): string | Uint8Array | undefined;
  /** The page a form not yet saved would make (src/dev/build-thread.ts). */
  preview(file: string, text: string): Promise<PagePreview>;
}

/** Answers /admin and everything under it; returns false for any other request. */
export function adminRoutes(root: string, files: AdminFiles): (req: IncomingMessage, res: ServerResponse) => boolean {
  const decap = decapFolder();
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    // The editor's address leads to its page, as the build's _redirects does online.
    if (path === ADMIN_ROUTE || path === ADMIN_FOLDER) {
      res.writeHead(302, { Location: ADMIN_PAGE, 'Cache-Control': 'no-store' }).end();
      return true;
    }
    if (!path.startsWith(ADMIN_FOLDER)) return false;
    const name = path.slice(ADMIN_FOLDER.length);
    const folder = ADMIN_FOLDER.slice(1);
    if (path === LOCAL_API) void api(req, res, (request) => answerLocal(root, request));
    else if (path === PREVIEW_API) void api(req, res, (request) => pagePreview(files, request));
    else if (req.method !== 'GET' && req.method !== 'HEAD') send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n');
    else if (path === ADMIN_PAGE) sendBuilt(res, files.built(`${ADMIN_PAGE.slice(1)}.html`), 'text/html; charset=utf-8');
    else if (name === PREVIEW_SCRIPT) sendBuilt(res, files.built(`${folder}${PREVIEW_SCRIPT}`), 'text/javascript; charset=utf-8');
    else if (name === 'config.yml') {
      const config = files.built(`${folder}config.yml`);
      // The same configuration as online, with the local backend: Decap uses it when the page is on this machine.
      // Decap wants the backend's whole URL: this server's own, as the page reached it (api() refuses other hosts).
      const url = `http://${req.headers.host ?? '127.0.0.1'}${LOCAL_API}`;
      // The built file is JSON (which YAML reads): the backend goes in as its first member.
      const text =
        config === undefined
          ? undefined
          : Buffer.from(config)
              .toString('utf8')
              .replace('{', `{"local_backend":${JSON.stringify({ url })},`);
      sendBuilt(res, text, 'text/yaml; charset=utf-8');
    } else if (DECAP_FILE.test(name) && decap) {
      readFile(join(decap, name)).then(
        (bytes) =>
          send(
            res,
            200,
            name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'text/javascript; charset=utf-8',
            bytes,
          ),
        () => send(res, 404, 'text/plain; charset=utf-8', 'Not Found\n'),
      );
    } else send(res, 404, 'text/plain; charset=utf-8', 'Not Found\n');
    return true;
  };
}

/**
 * One request of the editor's page: an action of the local backend, or a preview. Only this page may
 * ask: a JSON body (which another site's page cannot send without a preflight this server never
 * allows), from this origin, to this server by its own name (a rebound DNS name pointing here is refused).
 */
async function api(req: IncomingMessage, res: ServerResponse, answer: (request: unknown) => Promise<{ status: number; body: unknown }>): Promise<void> {
  const json = 'application/json; charset=utf-8';
  const host = req.headers.host ?? '';
  const origin = req.headers.origin;
  if (req.method !== 'POST') return send(res, 405, json, JSON.stringify({ error: 'use POST' }));
  if (!/^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/.test(host) || (origin !== undefined && origin !== `http://${host}`))
    return send(res, 403, json, JSON.stringify({ error: 'the editor answers only pages of this server' }));
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, json, JSON.stringify({ error: 'expected JSON' }));
  const body = await readBody(req, (MAX_UPLOAD_BYTES * 4) / 3 + 64 * 1024);
  if (body === null) return send(res, 413, json, JSON.stringify({ error: 'the request is too large' }));
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return send(res, 400, json, JSON.stringify({ error: 'the request is not JSON' }));
  }
  const answered = await answer(request);
  send(res, answered.status, json, JSON.stringify(answered.body));
}

/**
 * The page a form would make: `{ file, data }` as Decap holds an entry (a Markdown page's text in
 * `body`), written as the file would be and built without saving it. Only page files: a form of
 * site.yaml changes every page, and its preview is the site after saving.
 */
async function pagePreview(files: AdminFiles, request: unknown): Promise<{ status: number; body: unknown }> {
  const { file: named, data } = (request ?? {}) as { file?: unknown; data?: unknown };
  // The files the local backend would save, site.yaml aside.
  const file = pageFile(named);
  if (file === undefined) return { status: 400, body: { error: 'a page file under pages/ is needed' } };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { status: 400, body: { error: 'the form’s values are needed' } };
  const preview = await files.preview(file, fileText(file, data as Record<string, unknown>));
  // Shown in a frame that runs nothing: the page's own scripts are left out rather than refused there one by one.
  if ('html' in preview) return { status: 200, body: { html: preview.html.replace(/<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi, '') } };
  return {
    status: 200,
    body: {
      problems: preview.problems.map((d) => ({ file: d.file, line: d.line, column: d.column, message: d.message, ...(d.hint ? { hint: d.hint } : {}) })),
    },
  };
}

/** A form's values as the file would hold them: YAML, or for Markdown the fields as front matter and `body` after it. */
export function fileText(file: string, data: Record<string, unknown>): string {
  if (!file.endsWith('.md')) return stringify(data);
  const { body, ...front } = data;
  return `---\n${stringify(front)}---\n${typeof body === 'string' ? body : ''}\n`;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', () => done(null));
  });
}

function sendBuilt(res: ServerResponse, contents: string | Uint8Array | undefined, type: string): void {
  // The editor is made by the build: before the first one worked, there is none to show.
  if (contents === undefined) send(res, 503, 'text/plain; charset=utf-8', 'The editor appears once the site builds: see the problems in the terminal.\n');
  else send(res, 200, type, Buffer.from(contents));
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': ADMIN_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'same-origin',
  });
  res.end(body);
}
