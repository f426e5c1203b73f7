// dist/_redirects as text: the same meaning on Netlify and on Cloudflare Pages.
import { describe, expect, it } from 'vitest';
import { redirectsFile } from './redirects-file.ts';

const rule = (from: string, to: string, status = 301, force = false) => ({ from, to, status, force }) as Parameters<typeof redirectsFile>[0][number];
const rulesOf = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describe('redirectsFile', () => {
  it('lets the files a pattern rule would catch pass through, and sends the aliases of a caught page to it, before every rule', () => {
    const text = redirectsFile([rule('/news/:year/*', '/news', 302), rule('/news/*', '/', 301), rule('/old', '/new')], {
      pages: ['/', '/news', '/news/2024/launch', '/about'],
      files: ['/news/archive.pdf'],
    });
    expect(rulesOf(text)).toEqual([
      '/news /news 200', // a trailing /* also matches the bare parent
      '/news/ /news 301', // /news.html is not under /news/, so nothing catches it
      '/news/2024/launch /news/2024/launch 200',
      '/news/2024/launch.html /news/2024/launch 301',
      '/news/2024/launch.html/ /news/2024/launch 301',
      '/news/2024/launch/ /news/2024/launch 301',
      '/news/archive.pdf /news/archive.pdf 200',
      '/news/archive.pdf/ /news/archive.pdf 200', // Netlify reads the line above into this one
      '/old /new 301',
      '/old/ /new 301',
      '/news/:year /news 302', // the bare parent of the first pattern, for Cloudflare, which matches exactly
      '/news/:year/* /news 302',
      '/news/* / 301',
    ]);
  });

  it('regression: /blog/ under a /blog/* fallback answers the permanent redirect to /blog, not the fallback', () => {
    const lines = rulesOf(redirectsFile([rule('/blog/*', '/blog', 302)], { pages: ['/blog', '/blog/article'], files: [] }));
    expect(lines.indexOf('/blog/ /blog 301')).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf('/blog/ /blog 301')).toBeLessThan(lines.indexOf('/blog/* /blog 302'));
    expect(lines).toContain('/blog/article/ /blog/article 301');
  });

  it('puts exact rules before the patterns, unless an earlier pattern catches them', () => {
    const lines = rulesOf(redirectsFile([rule('/a/*', '/'), rule('/b', '/c'), rule('/a/x', '/d')]));
    expect(lines).toEqual(['/a / 301', '/b /c 301', '/b/ /c 301', '/a/* / 301', '/a/x /d 301', '/a/x/ /d 301']);
  });

  it('writes a pattern’s bare parent with an empty splat, unless an earlier rule answers it', () => {
    expect(rulesOf(redirectsFile([rule('/docs/*', '/manual/:splat', 302)]))).toEqual(['/docs /manual/ 302', '/docs/* /manual/:splat 302']);
    expect(rulesOf(redirectsFile([rule('/docs', '/'), rule('/docs/*', '/manual/:splat', 302)]))).toEqual([
      '/docs / 301',
      '/docs/ / 301',
      '/docs/* /manual/:splat 302',
    ]);
  });

  it('never writes one source twice (Cloudflare refuses the second)', () => {
    const lines = rulesOf(redirectsFile([rule('/a', '/b'), rule('/a/', '/c')]));
    expect(lines).toEqual(['/a /b 301', '/a/ /b 301']);
  });

  it('leaves a forced rule alone: it is meant to win over files', () => {
    const text = redirectsFile([rule('/promo/*', '/sale', 302, true)], { pages: ['/promo/spring'], files: [] });
    expect(rulesOf(text)).toEqual(['/promo /sale 302!', '/promo/* /sale 302!']);
  });

  it('keeps a file whose name has a space, a "#" or an accent served at its percent-encoded path, one token as Cloudflare matches it', () => {
    const text = redirectsFile([rule('/blog/*', '/blog', 302)], { pages: ['/blog'], files: ['/blog/My Photo #2 é.jpg'] });
    expect(rulesOf(text).filter((line) => line.includes('Photo'))).toEqual([
      '/blog/My%20Photo%20%232%20%C3%A9.jpg /blog/My%20Photo%20%232%20%C3%A9.jpg 200',
      '/blog/My%20Photo%20%232%20%C3%A9.jpg/ /blog/My%20Photo%20%232%20%C3%A9.jpg 200',
    ]);
  });
});
