// The paths test:cdn asks both servers for come from the build: every page with its aliases, every
// file and folder, every redirect source written out, the not-found page and the CDN's own files.
import { describe, expect, it } from 'vitest';
import { MISSING_PATH, pathsMatching, probesOf } from '../../tools/cdn/probes.ts';

describe('pathsMatching', () => {
  it.each([
    ['/old', ['/old', '/old/']],
    ['/old/', ['/old/']],
    ['/', ['/']],
    ['/news/:year', ['/news/x', '/news/x/']],
    ['/blog/*', ['/blog/x', '/blog/x/y', '/blog/', '/blog']],
    ['/news/:year/*', ['/news/x/x', '/news/x/x/y', '/news/x/', '/news/x']],
    ['/*', ['/x', '/x/y', '/']],
    ['/files/*.pdf', ['/files/x.pdf', '/files/x/y.pdf', '/files/.pdf']],
  ])('%s → %j', (source, paths) => {
    expect(pathsMatching(source)).toEqual(paths);
  });
});

describe('probesOf', () => {
  const files = ['404.html', '_headers', '_redirects', 'index.html', 'about.html', 'blog.html', 'blog/first.html', 'blog/feed.xml', 'assets/site-AB12.css'];
  const probes = probesOf(files, ['/old', '/blog/*']);
  const paths = probes.map((p) => p.path);

  it('asks for every page at its route and aliases, and every other file, found from the build', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/index.html',
        '/about',
        '/about/',
        '/about.html',
        '/blog/first',
        '/blog/first/',
        '/blog/first.html',
        '/blog/feed.xml',
        '/assets/site-AB12.css',
      ]),
    );
  });

  it('asks for folders, redirect sources, the not-found page and the files the CDN must never serve', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/assets', '/assets/', '/blog/', '/old', '/old/', '/blog/x', '/blog/x/y', MISSING_PATH, '/_redirects', '/_headers', '/index']),
    );
    expect(paths).not.toContain('/404');
  });

  it('asks once for each path, sorted, and carries a query onto a redirect and an alias', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(expect.arrayContaining(['/old?utm_source=cdn-check', '/about/?utm_source=cdn-check']));
  });

  it('says why each path is asked', () => {
    expect(probes.find((p) => p.path === '/about.html')?.reason).toBe('alias of /about');
    expect(probes.find((p) => p.path === '/blog/x/y')?.reason).toBe('redirect /blog/*');
  });

  it('regression: a page an editor adds is asked for without touching the list', () => {
    expect(probesOf([...files, 'gta/newtown.html'], []).map((p) => p.path)).toEqual(
      expect.arrayContaining(['/gta/newtown', '/gta/newtown/', '/gta/newtown.html', '/gta', '/gta/']),
    );
  });
});
