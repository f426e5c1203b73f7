// Links: where they are found (data, Markdown, rendered HTML) and what checkLinks() says about each, located.
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../validate/yaml.ts';
import { checkLinks, type LinkTargets } from './links.ts';
import { linksInData, linksInHtml, linksInMarkdown, looksLikeUrl, type Link } from './link-sources.ts';

const targets: LinkTargets = {
  routes: new Set(['/', '/about', '/services/panels']),
  redirectSources: new Map([['/old-about', '/about']]),
  files: new Set(['/images/dot.svg', '/sitemap.xml']),
};

const at = (href: string, line = 3, column = 5): Link => ({
  href,
  file: 'pages/a.yaml',
  position: () => ({ line, column }),
  path: 'links[0].href',
  origin: 'data',
});

describe('checkLinks', () => {
  it.each([
    '/',
    '/about',
    '/about?ref=nav#top',
    '/services/panels#cost',
    '/images/dot.svg',
    'https://example.org/x',
    'mailto:a@example.org',
    'tel:+14165550100',
    '#top',
    'relative/path',
    '//cdn.example.org/x',
    'data:image/png;base64,AAAA',
  ])('accepts %s', (href) => {
    expect(checkLinks([at(href)], targets)).toEqual([]);
  });

  it('reports a path that is neither a page, a file nor a redirect source, where it is written', () => {
    expect(checkLinks([at('/contact?x=1')], targets)).toEqual([
      {
        file: 'pages/a.yaml',
        line: 3,
        column: 5,
        path: 'links[0].href',
        message: 'link to /contact, which is neither a page nor a redirect',
        hint: 'add the page, add a redirect in pages/_redirects.yaml, or fix the link',
        severity: 'error',
        code: 'broken-link',
        subject: '/contact?x=1',
      },
    ]);
  });

  it.each([
    ['javascript:alert(1)', 'unsafe-url', '"javascript:alert(1)": javascript: URLs run code or hide content instead of linking'],
    ['java\tscript:alert(1)', 'unsafe-url', '"java\tscript:alert(1)": javascript: URLs run code or hide content instead of linking'],
    ['data:text/html,<b>x</b>', 'unsafe-url', '"data:text/html,<b>x</b>": data: URLs run code or hide content instead of linking'],
    ['tel:416-555-0100', 'tel-format', 'phone link "tel:416-555-0100" is not in international (E.164) form'],
    ['TEL:+14165550100', 'tel-format', 'phone link "TEL:+14165550100" is not in international (E.164) form'],
    ['tel:+1905555019', 'tel-number', 'phone link "tel:+1905555019" dials no one: it is too short for a +1 number: a digit is missing'],
    [
      'tel:+11234567890',
      'tel-number',
      'phone link "tel:+11234567890" dials no one: it is not a +1 number anyone can dial: its area or exchange code is not in use',
    ],
  ])('reports %s as %s', (href, code, message) => {
    expect(checkLinks([at(href)], targets).map((d) => [d.code, d.severity, d.message])).toEqual([[code, 'error', message]]);
  });

  it('warns about a link through a redirect, naming the address to link instead', () => {
    expect(checkLinks([at('/old-about#team')], targets).map((d) => [d.code, d.severity, d.line, d.column, d.message, d.hint])).toEqual([
      ['through-redirect', 'warning', 3, 5, '"/old-about#team" is redirected to /about, so every visitor waits for one more round trip', 'link /about instead'],
    ]);
  });

  it('warns about a trailing slash on a page link, naming the canonical path', () => {
    expect(checkLinks([at('/about/')], targets).map((d) => [d.code, d.severity, d.message, d.hint])).toEqual([
      ['non-canonical-link', 'warning', '"/about/" ends in a slash and costs the visitor a redirect', 'link /about instead'],
    ]);
  });

  it('reports every place an href is written, or once in all with oncePerHref, and says when the link is in a template', () => {
    const links: Link[] = [at('/nope'), at('/nope', 9, 9), { ...at('/nope'), file: 'pages/b.yaml' }];
    expect(checkLinks(links, targets).map((d) => [d.file, d.line])).toEqual([
      ['pages/a.yaml', 3],
      ['pages/a.yaml', 9],
      ['pages/b.yaml', 3],
    ]);
    const html: Link = { href: '/nope', file: 'pages/a.yaml', position: () => ({ line: 0, column: 0 }), path: 'href', origin: 'html' };
    const found = checkLinks([html, { ...html, file: 'pages/b.yaml' }], targets, { oncePerHref: true });
    expect(found.map((d) => [d.file, d.path, d.hint])).toEqual([
      ['pages/a.yaml', '', 'add the page, add a redirect in pages/_redirects.yaml, or fix the link; the link is written in a template'],
    ]);
  });
});

describe('links in data', () => {
  it('finds paths and URLs among the strings of a YAML document, located at their values', () => {
    const text =
      'template: plain\ntitle: About /us\ncta:\n  href: /contact\nlinks:\n  - label: Call\n    href: " tel:+14165550100 "\n  - href: https://example.org\n';
    const source = parseYaml('pages/a.yaml', text);
    const links = linksInData('pages/a.yaml', source.data, source);
    expect(links.map((l) => [l.href, l.path, l.origin, l.position()])).toEqual([
      ['/contact', 'cta.href', 'data', { line: 4, column: 9 }],
      ['tel:+14165550100', 'links[0].href', 'data', { line: 7, column: 11 }],
      ['https://example.org', 'links[1].href', 'data', { line: 8, column: 11 }],
    ]);
  });

  it.each([
    ['/about', true],
    ['//cdn.example.org', false],
    ['/with space', false],
    ['https://x', true],
    ['tel:+1', true],
    ['About us', false],
    ['note: text', false],
  ])('%s looks like a URL: %s', (text, expected) => {
    expect(looksLikeUrl(text)).toBe(expected);
  });
});

describe('links in Markdown', () => {
  it('finds link, image and raw HTML targets in order, at their line and column in the file', () => {
    const body = '\nRead [the guide](/guide) first.\n\n![A dot](/images/dot.svg)\n\n<a href="/raw">raw</a> and <https://example.org>\n';
    const links = linksInMarkdown('pages/blog/a.md', body, 6);
    expect(links.map((l) => [l.href, l.origin, l.position()])).toEqual([
      ['/guide', 'markdown', { line: 7, column: 18 }],
      ['/images/dot.svg', 'markdown', { line: 9, column: 10 }],
      ['/raw', 'markdown', { line: 11, column: 10 }],
      ['https://example.org', 'markdown', { line: 11, column: 29 }],
    ]);
  });

  it('locates a link written twice at each of its places', () => {
    const links = linksInMarkdown('pages/blog/a.md', 'The /x page: [one](/x)\n[two](/x)\n', 5);
    expect(links.map((l) => l.position())).toEqual([
      { line: 5, column: 20 },
      { line: 6, column: 7 },
    ]);
  });
});

describe('links in rendered HTML', () => {
  it('reads URL attributes and srcset candidates, entities decoded, with no position', () => {
    const html = '<a href="/a?x=1&amp;y=2">a</a><img src="/i.png" srcset="/i-1.png 1x, /i-2.png 2x"/><form action="/send"></form><div data-href="/d"></div>';
    const links = linksInHtml('pages/a.yaml', html);
    expect(links.map((l) => [l.href, l.path, l.origin])).toEqual([
      ['/a?x=1&y=2', 'href', 'html'],
      ['/i.png', 'src', 'html'],
      ['/send', 'action', 'html'],
      ['/d', 'data-href', 'html'],
      ['/i-1.png', 'srcset', 'html'],
      ['/i-2.png', 'srcset', 'html'],
    ]);
    expect(links[0]!.position()).toEqual({ line: 0, column: 0 });
  });
});
