// dist/_redirects in the format Netlify and Cloudflare Pages share.
import type { RedirectRule } from '../contracts/content-schema.ts';
import { isPattern, pathMatches } from '../url.ts';

/**
 * One line per rule, in the editor's order (first match wins). An exact source
 * gets a second line with a trailing slash: Netlify matches both forms of one
 * line, but not every CDN does.
 *
 * `existing` lists the site's own paths (pages and static files). Netlify never
 * applies an unforced rule where a file exists, but Cloudflare Pages always
 * follows a matching rule, so `/blog/* /blog 302` would send every real post to
 * the list there. Each existing path a pattern rule would catch therefore gets
 * a rewrite to itself just before that rule: a no-op on Netlify (the file
 * shadows it), and the file itself on Cloudflare.
 */
export function redirectsFile(rules: readonly RedirectRule[], existing: readonly string[] = []): string {
  const lines: string[] = ['# Generated from pages/_redirects.yaml. Edit that file, not this one.'];
  const kept = new Set<string>();
  for (const rule of rules) {
    const status = `${rule.status}${rule.force ? '!' : ''}`;
    const from = rule.from.length > 1 ? rule.from.replace(/\/$/, '') : rule.from;
    if (!rule.force && isPattern(from)) {
      const caught = existing.filter((path) => !kept.has(path) && pathMatches(from, path));
      if (caught.length > 0) lines.push(`# Files the next rule must not hide (Cloudflare Pages applies rules even where a file exists)`);
      for (const path of caught.sort()) {
        kept.add(path);
        lines.push(`${path} ${path} 200`);
      }
    }
    lines.push(`${from} ${rule.to} ${status}`);
    if (from !== '/' && !from.endsWith('*')) lines.push(`${from}/ ${rule.to} ${status}`);
  }
  return lines.join('\n') + '\n';
}
