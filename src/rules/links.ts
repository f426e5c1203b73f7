// Links must lead somewhere: an internal path must be a page, a post, a file
// or the source of a redirect; a URL's scheme must be one a browser treats as
// a link and not as code.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { isE164, normaliseLinkPath } from '../url.ts';
import type { Link } from './link-sources.ts';

/** Everything an internal link may point at. */
export interface LinkTargets {
  /** Routes of pages and posts. */
  routes: ReadonlySet<string>;
  /** Exact sources of redirect rules (splat rules serve inbound traffic and are not link targets). */
  redirectSources: ReadonlySet<string>;
  /** Public paths of files: static files, bundled assets, sitemap.xml, robots.txt. */
  files: ReadonlySet<string>;
}

const UNSAFE_SCHEMES = ['javascript', 'vbscript', 'data', 'file'];

/** Checks each link once per file and href: the first place it is written is the one reported. */
export function checkLinks(links: readonly Link[], targets: LinkTargets, options: { oncePerHref?: boolean } = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    // A template's broken link is on every page it renders; once is enough to find it.
    const key = options.oncePerHref ? link.href : `${link.file}\0${link.href}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const problem = linkProblem(link.href, targets);
    if (!problem) continue;
    out.push(diagnostic({
      file: link.file, ...link.position(),
      path: link.origin === 'html' ? '' : link.path,
      code: problem.code, severity: problem.severity ?? 'error',
      message: problem.message,
      hint: link.origin === 'html' ? `${problem.hint ? problem.hint + '; ' : ''}the link is written in a template` : problem.hint,
    }));
  }
  return out;
}

interface Problem {
  code: string;
  message: string;
  hint?: string;
  severity?: 'warning';
}

export function linkProblem(href: string, targets: LinkTargets): Problem | null {
  // Browsers drop tabs, newlines and other control characters inside a scheme, so must we.
  const compact = href.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (UNSAFE_SCHEMES.includes(scheme) && !(scheme === 'data' && /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(compact))) {
      const shown = href.trim().length > 40 ? href.trim().slice(0, 37) + '...' : href.trim();
      return { code: 'unsafe-url', message: `"${shown}": ${scheme}: URLs run code or hide content instead of linking`, hint: 'use a path like /contact or an https:// address' };
    }
    if (scheme === 'tel' && !(href.startsWith('tel:') && isE164(href.slice('tel:'.length)))) {
      return { code: 'tel-format', message: `phone link "${href}" is not in international (E.164) form`, hint: 'write it like tel:+14165550100' };
    }
    return null;
  }
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const path = normaliseLinkPath(href);
  if (targets.routes.has(path) || targets.files.has(path) || targets.redirectSources.has(path)) {
    const bare = href.split(/[?#]/, 1)[0]!;
    if (bare.length > 1 && bare.endsWith('/') && targets.routes.has(path)) {
      return { code: 'non-canonical-link', severity: 'warning', message: `"${href}" ends in a slash and costs the visitor a redirect`, hint: `link ${path} instead` };
    }
    return null;
  }
  return { code: 'broken-link', message: `link to ${path}, which is neither a page nor a redirect`, hint: 'add the page, add a redirect in pages/_redirects.yaml, or fix the link' };
}
