// Path patterns shared by `_redirects` and `_headers`: one matcher, so a
// pattern means the same thing in both files, as it does on the CDN.
//
// Syntax (the intersection of Netlify and Cloudflare Pages):
//   `*`      a splat: any run of characters, slashes included, bound to `splat`;
//            at most one per pattern. A trailing `/*` also matches the bare
//            parent (`/news/*` matches `/news`), as on Netlify.
//   `:name`  a placeholder: one path segment (no `/`), bound to `name`.
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

/** `/a/` → `/a`; `/` stays `/`. Only one slash goes: `/a//` is not a route anyway. */
export function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Compiles a pattern, or returns why it cannot be one. */
export function compilePattern(source: string): PathPattern | { error: string } {
  if (!source.startsWith('/')) return { error: `pattern "${source}" must start with "/"` };
  if ((source.match(/\*/g) ?? []).length > 1) return { error: `pattern "${source}" has more than one "*"` };

  let body = stripTrailingSlash(source);
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

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
