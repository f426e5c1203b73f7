// URLs, in one place: which route a content file serves, which output file
// serves a route and back, trailing slashes, the not-found page, redirect path
// patterns, what the CDN's files can hold, and E.164 phone numbers. The engine, the preview server, the audit
// and the tests all import these, so the site and its checks cannot disagree.
// Pure functions only.

// ── Routes and files ────────────────────────────────────────────────────────

/** The route of the not-found page; it is written to `404.html` and is not a linkable page. */
export const NOT_FOUND_ROUTE = '/404';
/** The file the CDN serves, with status 404, for any path that matches nothing. */
export const NOT_FOUND_FILE = '404.html';

/** Routes must be lower-case slugs: what a visitor types and a CDN matches without surprises. */
export const ROUTE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The route a content file serves, from its path below the pages folder:
 * `services/wiring.yaml` → `/services/wiring`, `index.yaml` → `/`, `blog/index.md` → `/blog`.
 * `null` for files that are not pages: other extensions, and any path with a
 * segment starting with `_` (such as `_redirects.yaml`, data for the engine).
 */
export function routeFromPath(relativeToPages: string): string | null {
  const path = relativeToPages.replace(/\\/g, '/');
  const match = /^(.*)\.(ya?ml|md)$/.exec(path);
  if (!match) return null;
  const stem = match[1]!;
  if (stem.split('/').some((segment) => segment.startsWith('_'))) return null;
  return routeFromStem(stem);
}

/**
 * The content file that serves a route, below the pages folder: the inverse of
 * {@link routeFromPath}. `/` → `index.yaml`, `/services/wiring` → `services/wiring.yaml`;
 * `extension` is `md` for a Markdown page. Any other file that claims the route
 * (`services/wiring/index.yaml`, `.yml`) serves it as well, which callers check.
 */
export function pagePathFor(route: string, extension: 'yaml' | 'md' = 'yaml'): string {
  return `${route === '/' ? 'index' : route.slice(1)}.${extension}`;
}

/**
 * The file in the output folder that serves a route. Canonical URLs have no
 * trailing slash, so `/about` is `about.html` (CDNs serve it at `/about` and
 * send `/about/` there); the not-found route is `404.html`.
 */
export function outputFileFor(route: string): string {
  if (route === NOT_FOUND_ROUTE) return NOT_FOUND_FILE;
  if (route === '/') return 'index.html';
  return route.slice(1) + '.html';
}

/**
 * The route an output file is published at, read backwards from
 * {@link outputFileFor}: `about.html` → `/about`, `a/index.html` → `/a`,
 * `index.html` → `/`, `404.html` → {@link NOT_FOUND_ROUTE}. A file that is not
 * HTML is published at its own path (`robots.txt` → `/robots.txt`).
 */
export function routeForFile(file: string): string {
  const path = file.replace(/\\/g, '/');
  if (path === NOT_FOUND_FILE) return NOT_FOUND_ROUTE;
  if (!path.endsWith('.html')) return '/' + path;
  return routeFromStem(path.slice(0, -'.html'.length));
}

function routeFromStem(stem: string): string {
  if (stem === 'index') return '/';
  if (stem.endsWith('/index')) return '/' + stem.slice(0, -'/index'.length);
  return '/' + stem;
}

/** The absolute canonical URL of a route: `https://host/` for home, `https://host/about` otherwise. */
export function canonicalUrl(baseUrl: string, route: string): string {
  return route === '/' ? `${baseUrl}/` : baseUrl + route;
}

/**
 * The other paths at which a CDN finds a page's file: its route with a trailing slash and its
 * file's own name (`/about/`, `/about.html`; home has only `/index.html`). Each answers a
 * permanent redirect to the route.
 */
export function aliasPaths(route: string): string[] {
  const file = '/' + outputFileFor(route);
  return route === '/' ? [file] : [route + '/', file];
}

/** `/a/` → `/a`; `/` stays `/`. Only one slash goes: `/a//` is not a route anyway. */
export function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * A route as a link target: path only, without query, fragment or a trailing slash, its
 * percent-escapes read as a server reads them (`/images/a%20b.jpg` is the file `a b.jpg`; Markdown
 * writes `/café` as `/caf%C3%A9`), so a link means one path however it is written.
 */
export function normaliseLinkPath(href: string): string {
  const end = href.search(/[?#]/);
  return stripTrailingSlash(decodedPath(end === -1 ? href : href.slice(0, end)));
}

/**
 * `path` with its percent-escapes decoded, but for those that would change its shape (`%2F`, `%3F`,
 * `%23` and the other reserved characters, as decodeURI keeps them); malformed escapes stay as written.
 */
export function decodedPath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

// ── Redirect and header path patterns ───────────────────────────────────────
// The syntax `_redirects` and `_headers` share (the intersection of Netlify and
// Cloudflare Pages):
//   `*`      a splat: any run of characters, slashes included, bound to `splat`;
//            at most one per pattern, at its end. A trailing `/*` also matches the bare
//            parent (`/news/*` matches `/news`), as on Netlify.
//   `:name`  a placeholder: one whole path segment (no `/`), bound to `name`.
// Matching ignores one trailing slash on both sides (`/a` and `/a/` are the
// same route) and is case-sensitive, like the file system of the deploy.

export interface PathPattern {
  /** The pattern as written, e.g. `/blog/:year/*`. */
  source: string;
  regex: RegExp;
  /** Capture names in group order; the splat is `splat`. */
  names: string[];
}

const TOKEN = /\*|:([A-Za-z_]\w*)/g;

/** Whether a path is a pattern (has a splat or a placeholder) rather than one exact path. */
export function isPattern(path: string): boolean {
  return /\*|:[A-Za-z_]/.test(path);
}

/** Compiles a pattern, or returns why it cannot be one. */
export function compilePattern(source: string): PathPattern | { error: string } {
  if (!source.startsWith('/')) return { error: `pattern "${source}" must start with "/"` };
  if ((source.match(/\*/g) ?? []).length > 1) return { error: `pattern "${source}" has more than one "*"` };

  let body = stripTrailingSlash(source);
  // Where the CDNs part ways, the pattern is refused: Cloudflare reads a "*" or ":name" anywhere,
  // Netlify documents a splat only at the end and a placeholder only as a whole segment.
  if (body.includes('*') && !body.endsWith('*')) return { error: `pattern "${source}" has text after its "*", which must end the pattern` };
  for (const match of body.matchAll(TOKEN)) {
    const end = match.index + match[0].length;
    if (match[1] !== undefined && (body[match.index - 1] !== '/' || (end < body.length && body[end] !== '/'))) {
      return { error: `pattern "${source}" has ":${match[1]}" inside a segment; a placeholder is a whole segment between slashes, like /blog/:slug` };
    }
  }
  let tail = '';
  const names: string[] = [];
  const trailingSplat = body.endsWith('/*');
  if (trailingSplat) {
    body = body.slice(0, -2);
    tail = '(?:/(.*))?';
  }

  let regex = '^';
  let last = 0;
  for (const match of body.matchAll(TOKEN)) {
    regex += escapeRegex(body.slice(last, match.index));
    if (match[0] === '*') {
      regex += '(.*)';
      names.push('splat');
    } else {
      const name = match[1]!;
      if (names.includes(name)) return { error: `pattern "${source}" uses ":${name}" twice` };
      regex += '([^/]+)';
      names.push(name);
    }
    last = match.index + match[0].length;
  }
  regex += escapeRegex(body.slice(last));
  if (trailingSplat) names.push('splat');
  regex += tail + '$';
  return { source, regex: new RegExp(regex), names };
}

/** The captures when `pathname` (decoded) matches, else `null`. */
export function matchPattern(pattern: PathPattern, pathname: string): Record<string, string> | null {
  const match = pattern.regex.exec(stripTrailingSlash(pathname));
  if (!match) return null;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, i) => {
    // A trailing splat that matched the bare parent captures nothing: bind ''.
    params[name] = match[i + 1] ?? '';
  });
  return params;
}

/** Whether a path matches a pattern written as text; a pattern that does not compile matches nothing. */
export function pathMatches(patternSource: string, pathname: string): boolean {
  const pattern = compilePattern(patternSource);
  return !('error' in pattern) && matchPattern(pattern, pathname) !== null;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// ── Tokens and addresses in the CDN's files ─────────────────────────────────
// A line of `_redirects` or `_headers` is read by splitting it at whitespace
// (both CDNs split at JavaScript's \s, which includes U+00A0, U+2028 and
// U+FEFF) and the file at "\n". A value written as one token must hold none of
// those, or the CDN reads another rule, or another header, into the file.

/**
 * Characters a path or address in `_redirects` or `_headers` may not hold:
 * whitespace of any kind, control characters, invisible format characters
 * (zero-width spaces, text-direction controls, which make a line read one way
 * and match another) and lone surrogates, which UTF-8 cannot encode.
 */
const UNWRITABLE_IN_TOKEN = /[\s\p{Cc}\p{Cf}\p{Cs}]/u;

/** The first character of `text` that cannot be part of one token of the CDN's files, with its offset; `null` when there is none. */
export function unwritableInToken(text: string): { character: string; index: number } | null {
  const match = UNWRITABLE_IN_TOKEN.exec(text);
  return match ? { character: match[0], index: match.index } : null;
}

/** The longest line Cloudflare Pages reads in `_redirects` and `_headers`; it ignores longer ones. */
export const MAX_CDN_LINE = 2000;

/** Why an address cannot be a redirect's external target, or `null` when it can. */
export type ExternalTargetProblem = 'character' | 'invalid' | 'http' | 'credentials' | null;

/**
 * Whether `to` is an absolute https address a redirect may send visitors to:
 * one token (see {@link unwritableInToken}), read by the WHATWG URL parser
 * (the browser's own) as an https URL with a host. `http:` is refused because
 * Cloudflare Pages refuses redirects to it; a user name or password because
 * `https://www.example.com@elsewhere.example/` reads as one site and goes to another.
 * The parser drops tabs and line breaks without a word, so the characters are
 * checked first, on the text as written.
 */
export function externalTargetProblem(to: string): ExternalTargetProblem {
  if (unwritableInToken(to)) return 'character';
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return 'invalid';
  }
  if (url.protocol === 'http:') return 'http';
  // Both CDNs know an address by its lower-case `https://`; a backslash is a slash to a browser and part of the host to Cloudflare.
  if (url.protocol !== 'https:' || url.hostname === '' || !to.startsWith('https://') || to.includes('\\')) return 'invalid';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

/** Whether `url` is an absolute http(s) address written as one token, as a base URL or a sitemap entry must be. */
export function isAbsoluteHttpUrl(url: string): boolean {
  if (unwritableInToken(url) || url.includes('\\') || !/^https?:\/\/[^/?#]/.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

// ── Phone numbers ───────────────────────────────────────────────────────────

// E.164 and what makes a number dialable live in src/phone.ts; the URL module passes them on for its importers.
export { E164_PATTERN, isE164, telHref } from './phone.ts';
