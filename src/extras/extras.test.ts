// extras(): _redirects, _headers, sitemap.xml and robots.txt from a literal model and rendered pages; outputFiles() ordering.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '../render/render.ts';
import { extras, outputFiles, webAppManifest } from './index.ts';
import { sitemap } from './sitemap.ts';
import { pageEntry, articleEntry, redirectEntry, renderedPage, siteModel } from '../../tests/helpers/unit.ts';

const STYLE = 'body{margin:0}';
const rendered = (route: string, output: string): RenderedPage =>
  renderedPage({
    route,
    output,
    source: `pages${route}.yaml`,
    template: 'plain',
    html: `<!DOCTYPE html><html><head><style>${STYLE}</style></head><body></body></html>`,
  });

const model = siteModel({
  pages: [
    pageEntry('/'),
    pageEntry('/about'),
    articleEntry('first', { title: 'First', summary: 'S', date: '2024-01-01' }),
    pageEntry('/private', { noindex: true }),
  ],
  notFound: pageEntry('/404'),
  redirects: [redirectEntry('/old', '/about'), redirectEntry('/blog/*', '/', { status: 302 })],
  statics: [{ file: 'static/images/dot.svg', route: '/images/dot.svg', contents: Buffer.from('<svg/>') }],
});
const pages = [
  rendered('/404', '404.html'),
  rendered('/about', 'about.html'),
  rendered('/blog/first', 'blog/first.html'),
  rendered('/', 'index.html'),
  rendered('/private', 'private.html'),
];

function fileText(files: ReturnType<typeof extras>, path: string): string {
  const file = files.find((f) => f.path === path);
  if (!file || typeof file.contents !== 'string') throw new Error(`no text file ${path}`);
  return file.contents;
}

describe('extras', () => {
  const files = extras(model, pages, { policy: { 'form-action': ['https://forms.example.org'] } });

  it('generates exactly _redirects, _headers, sitemap.xml and robots.txt', () => {
    expect(files.map((f) => f.path)).toEqual(['_redirects', '_headers', 'sitemap.xml', 'robots.txt']);
  });

  it('lets real files through a pattern rule, then writes exact sources twice, then the patterns', () => {
    expect(fileText(files, '_redirects')).toBe(
      [
        '# Generated from pages/_redirects.yaml. Edit that file, not this one.',
        '# Files a rule would otherwise hide on Cloudflare Pages, which applies rules even where a file exists',
        '/blog/first /blog/first 200',
        '/blog/first.html /blog/first 301',
        '/blog/first.html/ /blog/first 301',
        '/blog/first/ /blog/first 301',
        '/old /about 301',
        '/old/ /about 301',
        '/blog / 302',
        '/blog/* / 302',
        '',
      ].join('\n'),
    );
  });

  it('regression: the feed under /blog/ is a file a /blog/* rule must let through (Cloudflare sent it to the list)', () => {
    const feed = { path: '/blog/feed.xml', title: 'Blog', author: 'A', list: '/blog', date: 'date', summary: 'summary', headline: 'title' };
    const text = fileText(extras(model, pages, { policy: {}, feeds: [{ settings: feed, members: [] }] }), '_redirects');
    expect(text.split('\n')).toContain('/blog/feed.xml /blog/feed.xml 200');
  });

  it('keeps the files the build made (scripts, pictures, cards) out of a pattern that would catch them', () => {
    const text = fileText(
      extras(siteModel({ ...model, redirects: [redirectEntry('/assets/*', '/', { status: 302 })] }), pages, {
        policy: {},
        made: ['assets/site-AB12.js', 'assets/share/home-0123456789.png'],
      }),
      '_redirects',
    );
    const lines = text.split('\n');
    expect(lines).toContain('/assets/site-AB12.js /assets/site-AB12.js 200');
    expect(lines).toContain('/assets/share/home-0123456789.png /assets/share/home-0123456789.png 200');
    expect(lines.indexOf('/assets/site-AB12.js /assets/site-AB12.js 200')).toBeLessThan(lines.indexOf('/assets/* / 302'));
  });

  it('counts every page, article and static file as existing, but not the not-found page', () => {
    const text = fileText(extras(siteModel({ ...model, redirects: [redirectEntry('/*', '/', { status: 302 })] }), pages, { policy: {} }), '_redirects');
    expect(text.split('\n').filter((line) => line.endsWith(' 200'))).toEqual([
      '/ / 200',
      '/about /about 200',
      '/blog/first /blog/first 200',
      '/images/dot.svg /images/dot.svg 200',
      '/images/dot.svg/ /images/dot.svg 200',
      '/private /private 200',
    ]);
  });

  it('lists indexable pages and articles in sitemap.xml by canonical URL, leaving out noindex pages and the not-found page', () => {
    expect(fileText(files, 'sitemap.xml')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://www.example.com/</loc></url>',
        '  <url><loc>https://www.example.com/about</loc></url>',
        '  <url><loc>https://www.example.com/blog/first</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('points robots.txt at the sitemap', () => {
    expect(fileText(files, 'robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n');
  });

  it('allows the inlined stylesheet by its hash and adds the theme’s origins to the policy in _headers', () => {
    const text = fileText(files, '_headers');
    const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['# Generated by the site build.', '/*']);
    const csp = lines.find((line) => line.startsWith('  Content-Security-Policy: '))!;
    expect(csp).toContain(`; style-src ${hash};`);
    expect(csp).toContain("; form-action 'self' https://forms.example.org;");
    expect(csp).toContain("default-src 'none'; script-src 'self';");
    expect(text.endsWith('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')).toBe(true);
  });
});

describe('sitemap', () => {
  it('escapes XML and lists each URL once, sorted', () => {
    expect(sitemap(['https://x.example/b?a=1&b=2', 'https://x.example/a', 'https://x.example/a']).split('\n').slice(2, 4)).toEqual([
      '  <url><loc>https://x.example/a</loc></url>',
      '  <url><loc>https://x.example/b?a=1&amp;b=2</loc></url>',
    ]);
  });
});

describe('outputFiles', () => {
  it('puts pages, assets, static files and generated files in one list sorted by path', () => {
    const all = outputFiles({
      pages: [rendered('/about', 'about.html'), rendered('/', 'index.html')],
      assets: [{ path: 'assets/menu-ABC.js', contents: new Uint8Array([1]) }],
      statics: model.statics,
      generated: [
        { path: 'robots.txt', contents: 'x' },
        { path: '_headers', contents: 'y' },
      ],
    });
    expect(all.map((f) => f.path)).toEqual(['_headers', 'about.html', 'assets/menu-ABC.js', 'images/dot.svg', 'index.html', 'robots.txt']);
    expect(all.find((f) => f.path === 'images/dot.svg')!.contents).toEqual(Buffer.from('<svg/>'));
  });
});

describe('web app manifest', () => {
  const members = { name: 'Acme Electric', short_name: 'Acme', theme_color: '#112233', background_color: '#ffffff' };
  const icons = [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }];

  it('is the theme’s members with a start at the home page and the icons the bundle drew', () => {
    expect(JSON.parse(webAppManifest(members, icons))).toEqual({ start_url: '/', display: 'browser', ...members, icons });
  });

  it('keeps what the theme says over the defaults, and lists no icons when there are none', () => {
    expect(JSON.parse(webAppManifest({ ...members, start_url: '/app', display: 'standalone' }, []))).toEqual({
      ...members,
      start_url: '/app',
      display: 'standalone',
    });
  });

  it('is written to manifest.webmanifest only when the theme gives one', () => {
    const model = siteModel({ pages: [pageEntry('/')] });
    const pages = [rendered('/', 'index.html')];
    expect(extras(model, pages, { policy: {} }).map((f) => f.path)).not.toContain('manifest.webmanifest');
    const written = extras(model, pages, { policy: {}, manifest: { members, icons } }).find((f) => f.path === 'manifest.webmanifest');
    expect(JSON.parse(String(written?.contents)).name).toBe('Acme Electric');
  });
});
