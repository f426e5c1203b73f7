// dist/_redirects in the format Netlify and Cloudflare Pages share.
import type { RedirectRule } from '../content-model.ts';

/**
 * One line per rule, in the editor's order (first match wins). An exact source
 * gets a second line with a trailing slash: Netlify matches both forms of one
 * line, but not every CDN does.
 */
export function redirectsFile(rules: readonly RedirectRule[]): string {
  const lines: string[] = ['# Generated from pages/_redirects.yaml. Edit that file, not this one.'];
  for (const rule of rules) {
    const status = `${rule.status}${rule.force ? '!' : ''}`;
    const from = rule.from.length > 1 ? rule.from.replace(/\/$/, '') : rule.from;
    lines.push(`${from} ${rule.to} ${status}`);
    if (from !== '/' && !from.endsWith('*')) lines.push(`${from}/ ${rule.to} ${status}`);
  }
  return lines.join('\n') + '\n';
}
