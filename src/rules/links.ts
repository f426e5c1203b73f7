// Links must lead somewhere: an internal path must be a page, a file
// or the source of a redirect; a URL's scheme must be one a browser treats as
// a link and not as code.
import { diagnostic, type Diagnostic, type Where } from '../contracts/diagnostics.ts';
import { decodedPath, normaliseLinkPath } from '../url.ts';
import { dialProblem, isE164 } from '../phone.ts';
import type { Link } from './link-sources.ts';

/** Everything an internal link may point at. */
export interface LinkTargets {
  /** Routes of pages. */
  routes: ReadonlySet<string>;
  /** Exact sources of redirect rules and where each leads (pattern rules serve inbound traffic and are not link targets). */
  redirectSources: ReadonlyMap<string, string>;
  /** Public paths of files: static files, bundled assets, sitemap.xml, robots.txt. */
  files: ReadonlySet<string>;
}

const UNSAFE_SCHEMES = ['javascript', 'vbscript', 'data', 'file'];

/**
 * Checks every link where it is written, so a second link to a missing page
 * in one file is reported with the first, not after it is fixed. With
 * `oncePerHref` (links found in rendered HTML, written in a template) each
 * href is reported once in all.
 */
export function checkLinks(links: readonly Link[], targets: LinkTargets, options: { oncePerHref?: boolean } = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const problems = new Map<string, Problem | null>();
  for (const link of links) {
    // A template's broken link is on every page it renders; once is enough to find it.
    if (options.oncePerHref) {
      if (seen.has(link.href)) continue;
      seen.add(link.href);
    }
    if (!problems.has(link.href)) problems.set(link.href, linkProblem(link.href, targets));
    const problem = problems.get(link.href);
    if (!problem) continue;
    // The subject is the path as a server reads it: the same link written in content and escaped in the HTML is one link.
    const where = { file: link.file, ...link.position(), path: link.origin === 'html' ? '' : link.path, subject: decodedPath(link.href) };
    out.push(problem(where, link.origin === 'html'));
  }
  return out;
}

/** A problem with a link, made into a diagnostic once its place is known. */
type Problem = (where: Where, inTemplate: boolean) => Diagnostic;

export function linkProblem(href: string, targets: LinkTargets): Problem | null {
  // Browsers drop tabs, newlines and other control characters inside a scheme, so must we.
  const compact = href.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (UNSAFE_SCHEMES.includes(scheme) && !(scheme === 'data' && /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(compact))) {
      const shown = href.trim().length > 40 ? href.trim().slice(0, 37) + '...' : href.trim();
      return (where, inTemplate) => diagnostic('unsafe-url', where, { shown, scheme, inTemplate });
    }
    if (scheme === 'tel') {
      const number = href.slice('tel:'.length);
      if (!href.startsWith('tel:') || !isE164(number)) return (where, inTemplate) => diagnostic('tel-format', where, { href, inTemplate });
      const why = dialProblem(number);
      if (why) return (where, inTemplate) => diagnostic('tel-number', where, { href, why, inTemplate });
    }
    return null;
  }
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const path = normaliseLinkPath(href);
  const redirected = targets.redirectSources.get(path);
  if (redirected !== undefined && !targets.routes.has(path) && !targets.files.has(path)) {
    // It works, but every visitor pays a round trip, and search engines are told to follow.
    return (where, inTemplate) => diagnostic('through-redirect', where, { href, target: redirected, inTemplate });
  }
  if (targets.routes.has(path) || targets.files.has(path)) {
    const bare = href.split(/[?#]/, 1)[0]!;
    if (bare.length > 1 && bare.endsWith('/') && targets.routes.has(path)) {
      return (where, inTemplate) => diagnostic('non-canonical-link', where, { href, path, inTemplate });
    }
    return null;
  }
  return (where, inTemplate) => diagnostic('broken-link', where, { path, inTemplate });
}
