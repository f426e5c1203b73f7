// Two answers to one path, side by side: what differs, and whether a
// difference between Cloudflare Pages and the preview server is one of the two
// that are known, documented (README, docs/deploy.md) and accepted. Pure.

import type { Answer } from './answer.ts';

/** A difference between the engines that the site accepts, as data: what it is, why, and exactly which answers it covers. */
export interface KnownDifference {
  id: string;
  /** Plain words for the report: what each engine does and why the site lets it be. */
  explanation: string;
  /** The one field it covers, as fieldsThatDiffer names it. */
  field: string;
  /** Whether it covers that field of these two answers to `path`. */
  covers(preview: Answer, cloudflare: Answer, why: PreviewStep, path: string): boolean;
}

/** Which step of the preview server answered a path (src/serve/server.ts): a _redirects rule, the canonical-URL redirect, a file, or none. */
export type PreviewStep = 'rule' | 'canonical' | 'file' | 'not-found';

/** A redirect or a not-found answer: no content of the site's, so the CDN's own caching applies. */
const withoutContent = (answer: Answer) => (answer.status >= 300 && answer.status < 400 ? 'redirect' : answer.status === 404 ? 'not-found' : null);

/** The headers a build with the browser editor gives path by path (src/extras/headers-file.ts), not to every path. */
const PAGE_HEADERS = ['content-security-policy', 'cross-origin-opener-policy', 'x-robots-tag'];

/** An address with a slash added (`/about/`, `/blog/feed.xml/`), as a probe asks it: the CDNs read the blocks of `/about` differently there (see `trailing-slash-page-headers`). */
const slashAdded = (path: string) => {
  const bare = path.split('?')[0]!;
  return bare !== '/' && bare.endsWith('/');
};

/** A rewrite's address that names a file other than a page by its extension (`/blog/feed.xml/`). */
const rewrittenFile = (path: string) => /\.(?!html?\/?$)[A-Za-z0-9]+\/$/.test(path.split('?')[0]!);

/** The differences README and docs/deploy.md describe; nothing else is tolerated. */
export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'canonical-redirect-status',
    explanation:
      'an address that reaches a page in another form (/about/, /about.html, /index.html) is sent to the page with ' +
      '308 Permanent Redirect by Cloudflare Pages and with 301 Moved Permanently by Netlify and the preview server; ' +
      'both are permanent, to the same address, and search engines treat them alike, while a rule per page and form ' +
      'to make Cloudflare say 301 would spend its rule limit on nothing',
    field: 'status',
    covers: (preview, cloudflare, why) => why === 'canonical' && preview.status === 301 && cloudflare.status === 308,
  },
  {
    id: 'cache-control-without-content',
    explanation:
      "a redirect or a not-found answer carries the CDN's own Cache-Control: from Cloudflare Pages none on a " +
      'redirect and no-store on a 404, whatever _headers says; from Netlify and the preview server what _headers ' +
      'says, else "public, max-age=0, must-revalidate"; pages and files get the same Cache-Control from both',
    field: 'header cache-control',
    covers: (preview, cloudflare) => withoutContent(preview) !== null && withoutContent(preview) === withoutContent(cloudflare),
  },
  ...PAGE_HEADERS.map((name): KnownDifference => ({
    id: 'trailing-slash-page-headers',
    explanation:
      'with the browser editor at /admin, the page headers (Content-Security-Policy, Cross-Origin-Opener-Policy, ' +
      'X-Robots-Tag) are given path by path, not to every path; Netlify and the preview server read a block for ' +
      '/about or /blog/:page as matching /about/ and /blog/post/ too, Cloudflare Pages does not; such an address ' +
      'is a redirect to the page, a not-found answer, or a rewrite of _redirects to a file that is no page (the ' +
      'feed at /blog/feed.xml/), so the pages themselves carry the same headers from both',
    field: `header ${name}`,
    covers: (preview, cloudflare, why, path) =>
      why !== 'file' && slashAdded(path) && cloudflare.headers[name] === undefined && (cloudflare.status !== 200 || rewrittenFile(path)),
  })),
];

/** What differs between two answers: `status`, `location`, `body` and `header <name>`, in that order. */
export function fieldsThatDiffer(a: Answer, b: Answer): string[] {
  const fields: string[] = [];
  if (a.status !== b.status) fields.push('status');
  if (a.location !== b.location) fields.push('location');
  if (a.body !== b.body) fields.push('body');
  const names = [...new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])].sort();
  for (const name of names) if (a.headers[name] !== b.headers[name]) fields.push(`header ${name}`);
  return fields;
}

export interface Verdict {
  /** The fields that differ, empty when the answers agree. */
  fields: string[];
  /** Those no known difference covers: the answers disagree when there is one. */
  unexplained: string[];
  /** The known differences that cover the others. */
  known: KnownDifference[];
}

export function judge(preview: Answer, cloudflare: Answer, why: PreviewStep, path = '', known: readonly KnownDifference[] = KNOWN_DIFFERENCES): Verdict {
  const fields = fieldsThatDiffer(preview, cloudflare);
  const coverOf = (field: string) => known.find((k) => k.field === field && k.covers(preview, cloudflare, why, path));
  return {
    fields,
    unexplained: fields.filter((field) => !coverOf(field)),
    known: [...new Set(fields.map(coverOf).filter((k) => k !== undefined))],
  };
}

/** One answer in a line: `301 → /about`, `200 (body 3fa…)`, and the value of each differing header. */
export function describe(answer: Answer, fields: readonly string[]): string {
  const parts = [String(answer.status)];
  if (answer.location !== null) parts.push(`→ ${answer.location}`);
  if (fields.includes('body') && answer.body !== null) parts.push(`body ${answer.body}`);
  for (const field of fields) {
    if (!field.startsWith('header ')) continue;
    const name = field.slice('header '.length);
    parts.push(`${name}: ${answer.headers[name] ?? '(none)'}`);
  }
  return parts.join(', ');
}
