// The request path as the rest of the server sees it: split from the query,
// percent-decoded exactly once, and refused when it could name something
// outside the site. Everything after this module works on decoded paths that
// are known to be plain `/segment/segment` strings.

export type DecodedPath = { ok: true; pathname: string } | { ok: false; status: 400 | 404; reason: string };

/**
 * Splits a raw request target into path and query. The query keeps its `?`
 * (it is carried verbatim onto redirects); an empty `?` is dropped.
 * The raw string is split by hand, not through `new URL`, because URL parsing
 * would quietly resolve `..` and turn `\` into `/`; we want to see those and refuse.
 */
export function splitUrl(raw: string): { rawPath: string; search: string } {
  const hash = raw.indexOf('#');
  const target = hash === -1 ? raw : raw.slice(0, hash);
  const q = target.indexOf('?');
  if (q === -1) return { rawPath: target, search: '' };
  const search = target.slice(q);
  return { rawPath: target.slice(0, q), search: search === '?' ? '' : search };
}

/**
 * Decodes once and validates. Refused (404, as a CDN would answer for a path
 * it has no file for): backslashes raw or encoded (Windows separators), NUL and
 * other control characters, `.` and `..` segments in any encoding, and empty
 * segments (`//evil.example` would turn our trailing-slash redirect into an
 * open redirect to another host). Malformed percent-encoding is a 400.
 * Decoding only once means `%252e%252e` stays the literal name `%2e%2e`.
 */
export function decodeRequestPath(rawPath: string): DecodedPath {
  if (!rawPath.startsWith('/')) return { ok: false, status: 400, reason: 'request target is not a path' };
  if (rawPath.includes('\\')) return { ok: false, status: 404, reason: 'backslash in path' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (/[\x00-\x1f\x7f]/.test(pathname)) return { ok: false, status: 404, reason: 'control character in path' };
  if (pathname.includes('\\')) return { ok: false, status: 404, reason: 'backslash in path' };
  const segments = pathname.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '.' || segment === '..') return { ok: false, status: 404, reason: 'dot segment in path' };
    if (segment === '' && i !== segments.length - 1) return { ok: false, status: 404, reason: 'empty segment in path' };
  }
  return { ok: true, pathname };
}

/**
 * Percent-encodes a decoded path for a Location header: everything outside
 * the characters RFC 3986 allows in a path (so `?`, `#`, `%`, spaces and
 * non-ASCII are encoded, `/` and `:@!$&'()*+,;=` are kept).
 */
export function encodePath(pathname: string): string {
  return pathname.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (c) => encodeURIComponent(c));
}

/**
 * Makes a rule's target safe as a header value: HTTP headers are ASCII, so any
 * other character (a literal `é` in `_redirects`) is percent-encoded; what is
 * already ASCII, including existing `%xx` escapes, is left exactly as written.
 */
export function asciiUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}
