// Content types by file extension. A small fixed table rather than a MIME
// database: the site ships a known set of file kinds, and an unknown one
// should show up as a download (octet-stream) in preview rather than pass.

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  pdf: 'application/pdf',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The Content-Type for a file name or path (`assets/app.js`); case-insensitive on the extension. */
export function contentTypeFor(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE; // no extension, or a dotfile like `.htaccess`
  return TYPES[base.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
