// dist/_headers in the format Netlify and Cloudflare Pages share.
import { compilePattern, MAX_CDN_LINE, unwritableInToken } from '../url.ts';
import { UnwritableValue } from './unwritable.ts';

/** Response headers for one path pattern. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Headers every response gets: the safe defaults for a static site with no third-party content. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** The blocks of _headers Cloudflare Pages reads; it skips the rest, and the deploy still succeeds. */
export const MAX_HEADER_BLOCKS = 100;

/** Blocks a build with an app folder writes besides the site's patterns: every path, the assets, the app's files. */
export const APP_BLOCKS = 3;

/** The headers a page's policy is made of: the ones a folder handed to an app (see `AppFolder`) sets otherwise. */
const PAGE_HEADERS = ['Content-Security-Policy', 'Cross-Origin-Opener-Policy'];

/** A folder of the output served with headers of its own, such as the browser editor's at /admin/. */
export interface AppFolder {
  /** The folder, with both slashes: `/admin/`. Its page is a file in it, not its index: `/admin/editor`. */
  folder: string;
  /** Its policy and whatever else it sets instead of the site's page headers. */
  headers: Record<string, string>;
  /** Every other file of the output, as paths inside it (`blog/post.html`). */
  files: readonly string[];
}

/**
 * The rules for a site: security everywhere; hashed assets cached for a year.
 * One policy for every path, because CDNs combine a header set by two matching
 * blocks into two values (a browser enforces both policies, and reads two
 * opener policies as none), and the 404 page is served at any path. For the
 * same reason pages get no Cache-Control: the CDN default (revalidate) is right for HTML.
 *
 * With an app folder, the page headers cannot be given to every path: the
 * folder's would be added to them, not put in their place (Cloudflare can detach
 * a header, Netlify cannot). They are then given to patterns that match every
 * file outside the folder and none inside it, no path twice (`sitePatterns`),
 * and the folder gets its own; a path that is no file (the not-found page) keeps
 * the headers of every path.
 */
export function headerRules(contentSecurityPolicy: string, app?: AppFolder): HeaderRule[] {
  // Names carry a content hash, so a changed file is a new URL: safe to keep forever.
  const assets = { path: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } };
  if (!app) return [{ path: '/*', headers: { 'Content-Security-Policy': contentSecurityPolicy, ...SECURITY_HEADERS } }, assets];
  const everywhere = Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => !PAGE_HEADERS.includes(name)));
  const page = { 'Content-Security-Policy': contentSecurityPolicy, 'Cross-Origin-Opener-Policy': SECURITY_HEADERS['Cross-Origin-Opener-Policy']! };
  return [
    { path: '/*', headers: everywhere },
    ...sitePatterns(app.files, app.folder).map((path) => ({ path, headers: page })),
    assets,
    // Each file of the app's folder: `${folder}*` would, to Netlify, also be every path that begins with the folder's name.
    { path: `${app.folder}:file`, headers: app.headers },
  ];
}

/**
 * Patterns that match every file of `files` at its path and at its route (`about.html` at /about),
 * and every other address at the top (the not-found page), no path twice as both CDNs and the
 * preview server read them, and none in `folder`: `/`, `/:page` for the top, and one
 * `/blog/:page` for each folder. A splat is no use: Netlify reads `/blog/*` as every path that
 * begins with `/blog` (`/blog.html`, `/blogroll`), and Cloudflare as the paths below `/blog/` only.
 * So the app's page must be a file of its folder (`/admin/editor`), not its index: `/:page` is
 * `/admin/` too, to Netlify. An address below a folder that has no file (`/nope/page`) gets the
 * not-found page without the page headers. Cloudflare reads at most MAX_HEADER_BLOCKS blocks: a
 * site with more folders is refused before anything is written (src/rules/editor-headers.ts).
 */
export function sitePatterns(files: readonly string[], folder: string): string[] {
  const patterns = new Set<string>(['/', '/:page']);
  const add = (dir: string) => {
    if (nameableFolder(dir, folder)) patterns.add(`/${dir}/:page`);
  };
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    if (slash < 0) continue;
    add(file.slice(0, slash));
    // A folder's index is a page at the folder's own address (`a/b/index.html` at /a/b), one level up.
    const parent = file.lastIndexOf('/', slash - 1);
    if (file.endsWith('/index.html') && parent >= 0) add(file.slice(0, parent));
  }
  return [...patterns].sort();
}

/** A folder name both CDNs read in a pattern as itself: not a placeholder (`:x`), a splat, a space or an escape. */
const LITERAL_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Whether the site's folder `dir` (`blog/2024`) can have a pattern of its own beside the app's
 * `folder`: every name in it written as itself, and not the app's folder in another case (Netlify
 * reads patterns in any case). Files of any other folder are refused before anything is written
 * (src/rules/editor-headers.ts): their pages would go out without their policy.
 */
export function nameableFolder(dir: string, folder: string): boolean {
  return dir.split('/').every((name) => LITERAL_SEGMENT.test(name)) && !`/${dir}/`.toLowerCase().startsWith(folder.toLowerCase());
}

/**
 * The file: each rule's path on a line of its own, then its headers indented.
 * Every part is checked against what the format can hold, because a line
 * break in a value would start another header or another block: a path is
 * one token starting with "/"; a name is letters, digits and hyphens (a name
 * starting with "#" would be a comment); a value is printable ASCII (a
 * Worker's headers hold bytes, not text) with no space at either end, since
 * the CDNs trim it; no name twice in a block, in any case, nor one the server
 * sets itself (Content-Length, ...), nor the name of a member every object has (valueOf); a path a pattern both CDNs read, with one block; no line longer than
 * Cloudflare reads. Header values come from the theme and the site's settings
 * (the form service's origin in the policy), which their schemas hold to this.
 */
export function headersFile(rules: readonly HeaderRule[]): string {
  const paths = new Set<string>();
  const blocks = rules.map((rule) => {
    if (!HEADER_PATH.test(rule.path) || unwritableInToken(rule.path) || 'error' in compilePattern(rule.path))
      throw new UnwritableValue('_headers', 'a path', rule.path);
    // Netlify's parser makes one block of two for one path: one block per path reads the same to every parser.
    if (paths.has(rule.path)) throw new UnwritableValue('_headers', 'a path given a second block', rule.path);
    paths.add(rule.path);
    // A path with no headers is a block both CDNs refuse.
    if (Object.keys(rule.headers).length === 0) throw new UnwritableValue('_headers', 'a path without headers', rule.path);
    const names = new Set<string>();
    const lines = Object.entries(rule.headers).map(([name, value]) => {
      // Netlify's parser gathers a block's values in a plain object: a name every object has (valueOf, toString, ...)
      // reads as that member's text joined to the value ("function valueOf() { [native code] }, DENY").
      if (!HEADER_NAME.test(name) || names.has(name.toLowerCase()) || SERVER_OWNED.has(name.toLowerCase()) || name in Object.prototype)
        throw new UnwritableValue('_headers', 'a header name', name);
      names.add(name.toLowerCase());
      // Netlify rewrites the spaces around every comma to ", " and Cloudflare keeps them: only that form means one thing to both.
      if (!HEADER_VALUE.test(value) || value.split(/\s*,\s*/).join(', ') !== value) throw new UnwritableValue('_headers', `the value of ${name}`, value);
      return checkedLength(`  ${name}: ${value}`);
    });
    return [checkedLength(rule.path), ...lines].join('\n');
  });
  return '# Generated by the site build.\n' + blocks.join('\n') + '\n';
}

// A path of plain segments (letters, digits, - . _ ~ %, a :name), with at most one * at its end after a
// "/": each CDN reads other characters of a pattern its own way (Netlify's "/[0*" matched otherwise than
// the preview server's), and the engine's own paths need no more.
const HEADER_PATH = /^\/(?:(?:[A-Za-z0-9._~%-]+|:[A-Za-z]\w*)(?:\/|$))*\*?$/;
/** Headers the server sets itself, which neither CDN lets a file override. */
const SERVER_OWNED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const HEADER_VALUE = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;

function checkedLength(line: string): string {
  if (line.length > MAX_CDN_LINE) throw new UnwritableValue('_headers', 'a line longer than Cloudflare Pages reads', line);
  return line;
}
