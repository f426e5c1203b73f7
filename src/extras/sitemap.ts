// sitemap.xml and robots.txt: every indexable page once, nothing else.
import { isAbsoluteHttpUrl } from '../url.ts';
import { UnwritableValue } from './unwritable.ts';
import { xmlText } from './xml.ts';

export function sitemap(urls: readonly string[]): string {
  const entries = [...new Set(urls)].sort().map((url) => `  <url><loc>${xmlText('sitemap.xml', 'a page address', absolute('sitemap.xml', url))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
}

/**
 * robots.txt: everything allowed but the folders in `disallowed` (the editor's, say), and where the
 * sitemap is. The base URL and each folder are one line's token: a line break would add rules.
 */
export function robots(baseUrl: string, disallowed: readonly string[] = []): string {
  const folders = disallowed.map((folder) => {
    if (!/^\/(?:[A-Za-z0-9._~-]+\/)+$/.test(folder)) throw new UnwritableValue('robots.txt', 'a folder', folder);
    return `Disallow: ${folder}\n`;
  });
  return `User-agent: *\n${folders.join('')}Allow: /\n\nSitemap: ${absolute('robots.txt', `${baseUrl}/sitemap.xml`)}\n`;
}

/** A sitemap entry is an absolute http(s) address with no whitespace or control characters (validation refuses any other base URL). */
function absolute(file: string, url: string): string {
  if (!isAbsoluteHttpUrl(url)) throw new UnwritableValue(file, 'an address', url);
  return url;
}
