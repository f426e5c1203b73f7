// Link classification and resolution, without a server.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { classifyLink, fragmentExists, resolvePath, type Answer } from '../../tools/audit/gates/links.ts';
import { scanHtml, srcsetUrls } from '../../tools/audit/html.ts';

const SITE = ['https://www.example.com', 'http://127.0.0.1:4000'];

describe('classifyLink', () => {
  it.each([
    ['/gta/vaughan', { kind: 'internal', path: '/gta/vaughan', fragment: '' }],
    ['/gta/vaughan?x=1#estimate', { kind: 'internal', path: '/gta/vaughan?x=1', fragment: 'estimate' }],
    ['#estimate', { kind: 'internal', path: '/residential/panel-upgrades', fragment: 'estimate' }],
    ['../toronto', { kind: 'internal', path: '/toronto', fragment: '' }],
    ['https://www.example.com/blog', { kind: 'internal', path: '/blog', fragment: '' }],
    ['http://127.0.0.1:4000/contact', { kind: 'internal', path: '/contact', fragment: '' }],
    ['https://formsubmit.co/x@example.com', { kind: 'external', origin: 'https://formsubmit.co', fragment: '' }],
    ['//cdn.example.net/a.js', { kind: 'external', origin: 'https://cdn.example.net', fragment: '' }],
    ['tel:+14165550100', { kind: 'tel' }],
    ['mailto:estimates@example.com?subject=Hi', { kind: 'mailto' }],
    ['data:image/svg+xml,%3Csvg%3E', { kind: 'data' }],
    ['sms:+14165550100', { kind: 'other' }],
  ])('%s', (href, expected) => {
    expect(classifyLink(href, '/residential/panel-upgrades', SITE)).toEqual(expected);
  });

  it.each([['tel:416-555-0100'], ['tel:+1 416 555 0100'], ['tel:4165550100'], ['tel:+0123'], ['tel:+1234567890123456'], ['tel:+1234567']])(
    '%s is not E.164',
    (href) => {
      expect(classifyLink(href, '/', SITE).problem).toMatch(/not E\.164/);
    },
  );

  it("accepts every E.164 number of site.yaml, as the engine's own check does", () => {
    const numbers: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'e164' && typeof value === 'string') numbers.push(value);
          else walk(value);
        }
    };
    walk(parse(readFileSync(new URL('../../site.yaml', import.meta.url), 'utf8')));
    expect(numbers).not.toEqual([]);
    for (const number of numbers) expect(classifyLink(`tel:${number}`, '/', SITE), number).toEqual({ kind: 'tel' });
  });

  it('accepts a percent-encoded E.164 number', () => {
    expect(classifyLink('tel:%2B14165550142', '/', SITE)).toEqual({ kind: 'tel' });
  });

  it('flags javascript: URLs and mailto: links without an address', () => {
    expect(classifyLink('javascript:void(0)', '/', SITE).problem).toMatch(/javascript:/);
    expect(classifyLink('mailto:', '/', SITE).problem).toMatch(/without an address/);
  });
});

describe('fragments', () => {
  it('needs an id, except for #top and an empty fragment', () => {
    const ids = new Set(['estimate', 'main']);
    expect(fragmentExists('estimate', ids)).toBe(true);
    expect(fragmentExists('faq', ids)).toBe(false);
    expect(fragmentExists('top', ids)).toBe(true);
    expect(fragmentExists('', ids)).toBe(true);
  });
});

describe('resolvePath', () => {
  const server = (routes: Record<string, Answer>) => async (path: string) =>
    routes[path] ?? { status: 404, location: null, contentType: 'text/html', body: '' };
  const page = (body: string): Answer => ({ status: 200, location: null, contentType: 'text/html; charset=utf-8', body });
  const moved = (location: string, status = 301): Answer => ({ status, location, contentType: 'text/plain', body: '' });

  it('follows redirects to the final page and reads its ids', async () => {
    const request = server({ '/old': moved('/about/'), '/about/': moved('https://www.example.com/about'), '/about': page('<main id="main"></main>') });
    const r = await resolvePath('/old', SITE, request);
    expect(r.status).toBe(200);
    expect(r.chain).toEqual(['/old', '/about/', '/about']);
    expect([...r.ids]).toEqual(['main']);
  });

  it('reports a missing page, a loop and a redirect off the site', async () => {
    expect((await resolvePath('/nope', SITE, server({}))).status).toBe(404);
    expect((await resolvePath('/a', SITE, server({ '/a': moved('/b'), '/b': moved('/a') }))).problem).toBe('redirect loop');
    expect((await resolvePath('/x', SITE, server({ '/x': moved('https://elsewhere.example/') }))).problem).toMatch(/off the site/);
  });
});

describe('scanHtml', () => {
  it('finds references, ids, scripts, stylesheets, JSON-LD, forms and the Open Graph type', () => {
    const facts = scanHtml(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"><link rel="preconnect" href="https://x.example"><meta property="og:image" content="https://www.example.com/i.png"><meta property="og:type" content="article"><script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/assets/m.js"></script></head>' +
        '<body><a id="top" href="/x?a=1&amp;b=2">x</a><a name="old"></a><img src="/i.svg" srcset="/i-1.png 1x, /i-2.png 2x"><form action="https://formsubmit.co/x"></form><script src="/late.js" defer></script></body></html>',
    );
    expect(facts.references.map((r) => `${r.where} ${r.value}`)).toEqual([
      'link[href] /a.css',
      'meta[og:image] https://www.example.com/i.png',
      'script[src] /assets/m.js',
      'a[href] /x?a=1&b=2',
      'img[src] /i.svg',
      'img[srcset] /i-1.png',
      'img[srcset] /i-2.png',
      'script[src] /late.js',
    ]);
    expect([...facts.ids]).toEqual(['top', 'old']);
    expect(facts.jsonLd).toEqual(['{"@type":"Thing"}']);
    expect(facts.stylesheets).toEqual([{ href: '/a.css', media: null, inHead: true }]);
    expect(facts.scripts.map((s) => [s.src, s.type, s.inHead, s.defer])).toEqual([
      [null, 'application/ld+json', true, false],
      ['/assets/m.js', 'module', true, false],
      ['/late.js', '', false, true],
    ]);
    expect(facts.formActions).toEqual(['https://formsubmit.co/x']);
    expect(facts.ogType).toBe('article');
    expect(scanHtml('<html><head></head></html>').ogType).toBeNull();
  });

  it('splits srcset as browsers do, keeping commas inside URLs', () => {
    expect(srcsetUrls('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('/img,w_100.png 100w,/img,w_200.png 200w')).toEqual(['/img,w_100.png', '/img,w_200.png']);
    expect(srcsetUrls('one.png')).toEqual(['one.png']);
  });
});
