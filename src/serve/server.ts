// The preview server: the only module here that does I/O. It serves a built
// dist/ folder the way Netlify / Cloudflare Pages would, so that what passes
// in preview passes in production. Request handling, in order:
//   0. GET and HEAD only; the path is decoded once and refused if unsafe.
//   1. A forced rule (`!`) in _redirects wins over everything.
//   2. Content at the path: the canonical-URL 301 (/about/ → /about), or the file.
//   3. The other _redirects rules (a file at the path shadows them).
//   4. 404.html with status 404.
// _headers applies to every response that maps to a path.
//
// A rebuild swaps dist/ by renaming a new folder into place, so the folder is
// looked up again for each request, and _redirects and _headers are read again
// (folder.ts keeps a file's bytes only while the file is unchanged; their parse
// is cached by content).
// The dev server serves a build held in memory instead of a folder (`files`),
// with the same semantics, and adds its own endpoints and reload script
// through `dev`; without `dev` nothing of that exists.

import http from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentTypeFor } from './content-type.ts';
import { headersFor, parseHeaders, type ParsedHeaderRule } from './headers.ts';
import { isRedirectStatus, matchRedirect, parseRedirects, type RedirectMatch, type ParsedRedirect, type RuleError } from './redirects.ts';
import { asciiUrl, decodeRequestPath, splitUrl } from './request-path.ts';
import { folderFiles } from './folder.ts';
import type { SiteFiles, SiteSnapshot } from './site-files.ts';
import { boundedCache } from './bounded-cache.ts';
import { resolveFile, resolveStatic } from './static.ts';
import { cacheKey } from '../digest.ts';

export interface ServeOptions {
  /** The built site, e.g. `dist`. It may be missing at start and appear later. Ignored when `files` is given. */
  dir?: string;
  /** The built site from somewhere else than a folder (the dev server's build in memory). */
  files?: SiteFiles;
  /** Dev-server additions; a plain preview has none. */
  dev?: DevHooks;
  /** Default 8080; 0 picks any free port. */
  port?: number;
  /** Default 127.0.0.1: a preview is not for the network. */
  host?: string;
  /** One line per request and per config problem; silent by default. */
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export type { SiteFiles, SiteSnapshot } from './site-files.ts';

/** What the dev server adds to the preview. */
export interface DevHooks {
  /** Answers a request itself (its own endpoints) and says so; others go on as usual. */
  intercept(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Changes an HTML page on its way out (to add the reload script). */
  page(html: Buffer, file: string): Buffer;
}

/**
 * What Netlify sends when _headers does not say otherwise, and Cloudflare Pages with a page or a file
 * (with a redirect it sends none, with a 404 `no-store`: README, Netlify and Cloudflare Pages).
 */
const DEFAULT_HEADERS: Record<string, string> = { 'Cache-Control': 'public, max-age=0, must-revalidate' };

export async function serve(options: ServeOptions): Promise<RunningServer> {
  const files = options.files ?? folderFiles(path.resolve(options.dir ?? 'dist'));
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const config = configLoader(log);

  const server = http.createServer((req, res) => {
    if (options.dev?.intercept(req, res)) return;
    handle(files, config, req, res, options.dev).then(
      (note) => log(`${res.statusCode} ${req.method} ${req.url}${note ? `  (${note})` : ''}`),
      (error: unknown) => {
        log(`500 ${req.method} ${req.url}  (${error instanceof Error ? error.message : String(error)})`);
        if (!res.headersSent) send(req, res, 500, {}, 'text/plain; charset=utf-8', 'Internal Server Error\n');
        else res.destroy();
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets (fetch keeps them) would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

type Config = { redirects: ParsedRedirect[]; headers: ParsedHeaderRule[] };

/** Handles one request; resolves to a note for the log line. */
async function handle(
  files: SiteFiles,
  loadConfig: (site: SiteSnapshot) => Promise<Config>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  dev: DevHooks | undefined,
): Promise<string> {
  const text = 'text/plain; charset=utf-8';
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    send(req, res, 405, {}, text, 'Method Not Allowed\n');
    return '';
  }

  // A build may swap the site while a request is being answered: an answer that the swap could have
  // made wrong (a miss, a failed read) is worked out again on the new site, a few times at most.
  for (let attempt = 1; ; attempt++) {
    const site = await files.current();
    if (!site) {
      send(req, res, 503, {}, text, 'No build output yet\n');
      return 'no build output';
    }
    const retry = () => attempt < SWAP_ATTEMPTS && site.replaced?.() === true;
    try {
      const note = await answer(req, res, site, loadConfig, dev, retry);
      if (note !== RETRY) return note;
    } catch (error) {
      if (!retry()) throw error;
    }
  }
}

/** How often a request is worked out again when the site was swapped under it. */
const SWAP_ATTEMPTS = 3;
const RETRY = Symbol('the site was replaced: answer again');

/** Answers a request from one view of the site; RETRY, having sent nothing, when `retry` says a miss may be the swap's doing. */
async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  site: SiteSnapshot,
  loadConfig: (site: SiteSnapshot) => Promise<Config>,
  dev: DevHooks | undefined,
  retry: () => boolean,
): Promise<string | typeof RETRY> {
  const text = 'text/plain; charset=utf-8';
  const reply = responder(req, res, site, dev);
  const { rawPath, search } = splitUrl(req.url ?? '/');
  const decoded = decodeRequestPath(rawPath);
  if (!decoded.ok) {
    if (decoded.status === 400) send(req, res, 400, {}, text, 'Bad Request\n');
    else await reply.notFound({});
    return `refused: ${decoded.reason}`;
  }

  const pathname = decoded.pathname;
  const { redirects, headers } = await loadConfig(site);
  const extra = headersFor(headers, pathname);
  const found = resolveStatic(pathname, site.has, search);
  const rule = matchRedirect(redirects, pathname, () => found.kind !== 'miss', search);

  if (rule) return applyRule(req, res, rule, site, reply, extra, retry);
  if (found.kind === 'redirect') {
    sendRedirect(req, res, 301, found.location, extra);
    return `canonical → ${found.location}`;
  }
  if (found.kind === 'file') {
    await reply.file(200, found.file, extra);
    return found.file;
  }
  if (retry()) return RETRY;
  await reply.notFound(extra);
  return '';
}

/** Sending files of one snapshot: pages pass through the dev hook on their way out. */
function responder(req: http.IncomingMessage, res: http.ServerResponse, site: SiteSnapshot, dev: DevHooks | undefined) {
  const body = async (file: string) => {
    const bytes = await site.read(file);
    return dev && file.endsWith('.html') ? dev.page(bytes, file) : bytes;
  };
  return {
    file: async (status: number, file: string, extra: Record<string, string>) =>
      sendFile(req, res, status, file, await body(file), site.provisional?.(file) ? { ...extra, 'Cache-Control': 'no-store' } : extra),
    notFound: async (extra: Record<string, string>) => {
      if (!site.has('404.html')) send(req, res, 404, extra, 'text/plain; charset=utf-8', 'Not Found\n');
      else send(req, res, 404, extra, 'text/html; charset=utf-8', await body('404.html'));
    },
  };
}

async function applyRule(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  match: RedirectMatch,
  site: SiteSnapshot,
  reply: ReturnType<typeof responder>,
  extra: Record<string, string>,
  retry: () => boolean,
): Promise<string | typeof RETRY> {
  const note = `_redirects:${match.rule.line} → ${match.target}`;
  if (isRedirectStatus(match.status)) {
    sendRedirect(req, res, match.status, match.target, extra);
    return note;
  }
  // Rewrite or custom status: serve the target's file, no second round of
  // rules (the CDN does not chain them either). Parsing guaranteed a local path.
  const target = decodeRequestPath(splitUrl(match.target).rawPath);
  const file = target.ok ? resolveFile(target.pathname, site.has) : null;
  if (file === null) {
    // A rewrite's target missing from a view a build swapped away (as a page under a pattern's exact
    // line is, on every rebuild) may be in the new one, as for a request without a rule.
    if (retry()) return RETRY;
    await reply.notFound(extra);
    return `${note} (target not found)`;
  }
  await reply.file(match.status, file, extra);
  return note;
}

/** Reads _redirects and _headers for each request; parses (and logs problems) only when the text changed. */
function configLoader(log: (line: string) => void): (site: SiteSnapshot) => Promise<Config> {
  const cache = new Map<string, { text: string; value: unknown }>();
  async function load<T>(site: SiteSnapshot, name: string, parse: (text: string) => { rules: T[]; errors: RuleError[] }) {
    const text = site.has(name)
      ? await site.read(name).then(
          (b) => b.toString('utf8'),
          () => '',
        )
      : '';
    const hit = cache.get(name);
    if (hit && hit.text === text) return hit.value as T[];
    const { rules, errors } = parse(text);
    for (const e of errors) log(`${name}:${e.line}: ${e.message}`);
    cache.set(name, { text, value: rules });
    return rules;
  }
  return async (site) => ({
    redirects: await load(site, '_redirects', parseRedirects),
    headers: await load(site, '_headers', parseHeaders),
  });
}

async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  file: string,
  body: Buffer,
  extra: Record<string, string>,
): Promise<void> {
  const tag = contentTag(body);
  if (status === 200) {
    const etag = `"${tag}"`;
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      applyHeaders(res, extra);
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Accept-Ranges', 'bytes');
    const range = byteRange(req.headers.range, body.length);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${body.length}`);
      send(req, res, 416, extra, 'text/plain; charset=utf-8', 'Range Not Satisfiable\n');
      return;
    }
    if (range) {
      // A part of the file as it is: ranges are of the identity encoding, never compressed.
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${body.length}`);
      send(req, res, 206, extra, contentTypeFor(file), body.subarray(range.start, range.end + 1), { tag, compress: false });
      return;
    }
  }
  send(req, res, status, extra, contentTypeFor(file), body, { tag });
}

// Fingerprints of the buffers the folder keeps: the same bytes are hashed once, not per request.
const tags = new WeakMap<Buffer, string>();

/** A short fingerprint of a file's bytes, for its ETag and its compressed copies. */
function contentTag(body: Buffer): string {
  let tag = tags.get(body);
  if (tag === undefined) {
    tag = cacheKey(body);
    tags.set(body, tag);
  }
  return tag;
}

/**
 * The one byte range a Range header asks for (`bytes=0-99`, `bytes=100-`, `bytes=-100`), undefined
 * to send the whole file (no header, another unit, or several ranges), or unsatisfiable.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  return start >= size ? 'unsatisfiable' : { start, end };
}

function sendRedirect(req: http.IncomingMessage, res: http.ServerResponse, status: number, location: string, extra: Record<string, string>): void {
  const safe = asciiUrl(location);
  res.setHeader('Location', safe);
  send(req, res, status, extra, 'text/plain; charset=utf-8', `Redirecting to ${safe}\n`);
}

/**
 * Writes a complete response. _headers may override the defaults and even
 * Content-Type (both CDNs allow it); Content-Length is always ours. HEAD gets
 * the same headers and no body.
 */
function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  extra: Record<string, string>,
  contentType: string,
  body: string | Buffer,
  file: { tag?: string; compress?: boolean } = {},
): void {
  let buffer = typeof body === 'string' ? Buffer.from(body) : body;
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  applyHeaders(res, extra);
  // Both CDNs compress text for clients that accept it; so must a preview that stands in for them,
  // or every page looks several times heavier than in production.
  // Below a kilobyte compression saves nothing (CDNs skip it too).
  const encoding = file.compress !== false && compressible(contentType) && buffer.length >= 1024 ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    buffer = compressedCopy(buffer, encoding, file.tag);
    res.setHeader('Content-Encoding', encoding);
  }
  if (compressible(contentType)) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', buffer.length);
  res.end(req.method === 'HEAD' ? undefined : buffer);
}

// Compressing is the costliest thing the preview does: each file is compressed once per encoding and
// kept by its content, up to a bound, so a page asked for a thousand times is compressed once.
const compressedCopies = boundedCache<Buffer>(64 * 1024 * 1024, (copy) => copy.length);

export function compressedCopy(buffer: Buffer, encoding: 'br' | 'gzip', tag = contentTag(buffer)): Buffer {
  const key = `${encoding} ${tag}`;
  const known = compressedCopies.get(key);
  if (known) return known;
  const made = encoding === 'br' ? brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(buffer);
  compressedCopies.set(key, made);
  return made;
}

function compressible(contentType: string): boolean {
  return /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

/** br when the client takes it, else gzip, else none; an encoding with q=0 is refused. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

function applyHeaders(res: http.ServerResponse, extra: Record<string, string>): void {
  for (const [name, value] of Object.entries(DEFAULT_HEADERS)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // If-None-Match compares weakly: W/"x" matches "x".
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
