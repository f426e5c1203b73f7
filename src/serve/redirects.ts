// The `_redirects` file: parsing and matching, both pure.
//
// Format (Netlify; Cloudflare Pages reads a subset of it), one rule a line:
//   from  to  [status][!]
// `#` starts a comment when it starts a token (so a target's `#fragment`
// survives). Status defaults to 301. 3xx statuses redirect; any other status
// serves the target's content under that status (200 = rewrite, 404 = custom
// not-found). `!` forces the rule even when a file exists at the path.
//
// Lines the preview cannot honour are skipped and reported rather than
// guessed at, so a difference from production is visible, not silent.
//
// Where Netlify and Cloudflare Pages read a line differently (a trailing
// slash, a file at the path, a missing status), this reads it as Netlify does;
// the engine writes _redirects so that both answer alike (src/extras/
// redirects-file.ts), and `npm run test:cdn` holds the two servers' answers side by side.

import { compilePattern, matchPattern, type PathPattern } from '../url.ts';
import { encodePath } from './request-path.ts';

export interface ParsedRedirect {
  /** 1-based line in `_redirects`. */
  line: number;
  from: string;
  to: string;
  status: number;
  force: boolean;
  pattern: PathPattern;
}

export interface RuleError {
  line: number;
  message: string;
}

export interface RedirectMatch {
  rule: ParsedRedirect;
  /** The target with placeholders filled in and the request's query carried over. */
  target: string;
  status: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** True when the status sends the browser elsewhere (Location) rather than serving content. */
export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

export function parseRedirects(text: string): { rules: ParsedRedirect[]; errors: RuleError[] } {
  const rules: ParsedRedirect[] = [];
  const errors: RuleError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const result = parseLine(raw, line);
    if (result === null) return;
    if ('message' in result) errors.push(result);
    else rules.push(result);
  });
  return { rules, errors };
}

function parseLine(raw: string, line: number): ParsedRedirect | RuleError | null {
  const all = raw.trim().split(/\s+/).filter(Boolean);
  const comment = all.findIndex((t) => t.startsWith('#'));
  const tokens = comment === -1 ? all : all.slice(0, comment);
  if (tokens.length === 0) return null;
  const fail = (message: string): RuleError => ({ line, message });

  const [from, to, statusToken, ...extra] = tokens as [string, ...string[]];
  if (/^https?:\/\//i.test(from)) return fail(`host-based rule "${from}" is not supported by the preview server`);
  if (!from.startsWith('/')) return fail(`"from" must be a path starting with "/", got "${from}"`);
  if (to === undefined) return fail('expected "from to [status]"');
  if (to.includes('=') && !isTarget(to)) {
    return fail(`query parameter matching ("${to}") is Netlify-only and not supported by the preview server`);
  }
  if (!isTarget(to)) return fail(`"to" must be a path starting with "/" or an http(s) URL, got "${to}"`);

  let status = 301;
  let force = false;
  if (statusToken !== undefined) {
    const m = /^(\d{3})(!?)$/.exec(statusToken);
    if (!m) return fail(`invalid status "${statusToken}"`);
    status = Number(m[1]);
    force = m[2] === '!';
    if (status < 200 || status > 599 || (status >= 300 && status < 400 && !isRedirectStatus(status))) {
      return fail(`unsupported status ${status}`);
    }
  }
  if (extra.length > 0) {
    return extra.some((t) => t.includes('='))
      ? fail(`conditions (${extra.join(' ')}) are not supported by the preview server`)
      : fail(`unexpected "${extra.join(' ')}" after the status`);
  }
  if (!isRedirectStatus(status) && !to.startsWith('/')) {
    return fail(`proxying to "${to}" (status ${status} to a URL) is not supported by the preview server`);
  }

  const pattern = compilePattern(from);
  if ('error' in pattern) return fail(pattern.error);
  return { line, from, to, status, force, pattern };
}

function isTarget(token: string): boolean {
  return token.startsWith('/') || /^https?:\/\//i.test(token);
}

/**
 * The first rule, top to bottom, that matches and applies to `pathname`
 * (decoded, as from `decodeRequestPath`). A rule that is not forced does not
 * apply when content exists at the path (`hasFile(pathname)`, asked at most
 * once): the file shadows it, and later rules are still tried, as on Netlify.
 * `search` is the request's query (`?a=1` or ''); it is carried onto the
 * target unless the target has a query of its own.
 */
export function matchRedirect(rules: readonly ParsedRedirect[], pathname: string, hasFile: (pathname: string) => boolean, search = ''): RedirectMatch | null {
  let exists: boolean | undefined;
  for (const rule of rules) {
    const params = matchPattern(rule.pattern, pathname);
    if (!params) continue;
    if (!rule.force && (exists ??= hasFile(pathname))) continue;
    return { rule, status: rule.status, target: withQuery(fill(rule.to, params), search) };
  }
  return null;
}

/** Replaces `:name` in the target with captures; unknown names stay literal. */
function fill(target: string, params: Record<string, string>): string {
  return target.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) =>
    // Captures come from the decoded path; re-encode so the target stays a URL.
    Object.hasOwn(params, name) ? encodePath(params[name]!) : whole,
  );
}

/** Adds the request query before any fragment, unless the target has its own. */
function withQuery(target: string, search: string): string {
  if (!search) return target;
  const hash = target.indexOf('#');
  const base = hash === -1 ? target : target.slice(0, hash);
  if (base.includes('?')) return target;
  return base + search + (hash === -1 ? '' : target.slice(hash));
}
