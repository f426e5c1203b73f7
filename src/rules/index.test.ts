// checkData() and checkRendered(): duplicate routes and heads, links in content and in rendered pages, clashing outputs, inline code.
import { describe, expect, it } from 'vitest';
import type { PageEntry } from '../contracts/model.ts';
import { diagnostic } from '../contracts/diagnostics.ts';
import type { RenderedPage } from '../render/render.ts';
import { parseYaml } from '../validate/yaml.ts';
import { checkData, checkRendered } from './index.ts';
import { DESCRIPTION, articleEntry, renderedPage, siteModel } from '../../tests/helpers/unit.ts';

/** A page whose source is really parsed, so diagnostics carry real lines. */
function page(file: string, route: string, lines: string[]): PageEntry {
  const source = parseYaml(file, lines.join('\n') + '\n');
  const data = { template: 'plain', noindex: false, ...(source.data as object) } as PageEntry['data'];
  const head = { title: String(data.title), description: String(data.description), noindex: false, titleField: 'title', descriptionField: 'description' };
  return { file, route, template: 'plain', data, head, status: 'published', source };
}

const html = (body: string) => `<!DOCTYPE html><html><body>${body}</body></html>`;
const rendered = (source: string, route: string, output: string, body: string): RenderedPage =>
  renderedPage({ route, output, source, template: 'plain', html: html(body) });

describe('checkData', () => {
  it('reports every file after the first that claims a route, and compares heads only once per route', () => {
    const model = siteModel({
      pages: [
        page('pages/about.yaml', '/about', ['template: plain', 'title: About', `description: ${DESCRIPTION}`]),
        page('pages/about/index.yaml', '/about', ['template: plain', 'title: About', `description: ${DESCRIPTION}`]),
      ],
    });
    expect(checkData(model, ['/about', '/about']).map((d) => [d.code, d.file, d.message])).toEqual([
      ['duplicate-route', 'pages/about/index.yaml', 'pages/about.yaml already serves the route /about'],
    ]);
  });

  it('reports a title or description shared by two pages, YAML or Markdown, at the later one’s field, ignoring case and spacing', () => {
    const other = 'Another description that is long enough to pass the common schema of every page.';
    const model = siteModel({
      pages: [
        page('pages/a.yaml', '/a', ['template: plain', 'title: Panel Upgrades', `description: ${DESCRIPTION}`]),
        page('pages/b.yaml', '/b', ['template: plain', `description: ${DESCRIPTION}`, 'title: panel  upgrades']),
        page('pages/c.yaml', '/c', ['template: plain', 'title: Unique', `description: ${other}`]),
        articleEntry('p', { title: 'Headline', seoTitle: 'Unique', summary: other, date: '2024-01-01' }),
      ],
    });
    expect(checkData(model, ['/a', '/b', '/c', '/blog/p']).map((d) => [d.code, d.file, d.line, d.path, d.message])).toEqual([
      ['duplicate-head', 'pages/b.yaml', 3, 'title', 'the same title as pages/a.yaml'],
      ['duplicate-head', 'pages/blog/p.md', 1, 'seoTitle', 'the same title as pages/c.yaml'],
      ['duplicate-head', 'pages/b.yaml', 2, 'description', 'the same description as pages/a.yaml'],
      ['duplicate-head', 'pages/blog/p.md', 1, 'summary', 'the same description as pages/c.yaml'],
    ]);
  });

  it('checks links in site.yaml, page data and Markdown bodies, and counts a page that failed validation as a target', () => {
    const siteSource = parseYaml('site.yaml', 'name: Tiny\nbaseUrl: https://www.example.com\nnav:\n  - /gone\n');
    const model = siteModel({
      siteSource,
      pages: [
        page('pages/index.yaml', '/', ['template: plain', 'title: Home', `description: ${DESCRIPTION}`, 'next: /draft', 'call: tel:4165550100']),
        articleEntry('p', { title: 'P', summary: 'S', date: '2024-01-01' }, 'Intro.\n\nSee [this](/nowhere).\n'),
      ],
    });
    expect(checkData(model, ['/', '/draft', '/blog/p']).map((d) => [d.code, d.file, d.line, d.column, d.path, d.subject])).toEqual([
      ['broken-link', 'site.yaml', 4, 5, 'nav[0]', '/gone'],
      ['tel-format', 'pages/index.yaml', 5, 7, 'call', 'tel:4165550100'],
      ['broken-link', 'pages/blog/p.md', 8, 12, '', '/nowhere'],
    ]);
  });
});

describe('checkRendered', () => {
  const model = siteModel({
    pages: [
      page('pages/index.yaml', '/', ['title: Home', `description: ${DESCRIPTION}`]),
      page('pages/about.yaml', '/about', ['title: About', `description: ${DESCRIPTION}`]),
    ],
    statics: [
      { file: 'static/about.html', route: '/about.html', contents: Buffer.from('x') },
      { file: 'static/images/dot.svg', route: '/images/dot.svg', contents: Buffer.from('x') },
    ],
  });
  const context = { generated: ['assets/menu-ABC.js', 'sitemap.xml', '_headers'], claimedRoutes: ['/', '/about'], found: [] };

  it('reports a broken link a template writes once, at the first page, as written in a template', () => {
    const pages = [
      rendered('pages/about.yaml', '/about', 'about.html', '<a href="/missing">x</a><script src="/assets/menu-ABC.js"></script>'),
      rendered('pages/index.yaml', '/', 'index.html', '<a href="/missing">x</a><a href="/sitemap.xml">s</a><img src="/images/dot.svg"/>'),
    ];
    const found = checkRendered(model, pages, context).filter((d) => d.code === 'broken-link');
    expect(found.map((d) => [d.file, d.line, d.path, d.hint])).toEqual([
      ['pages/about.yaml', 0, '', 'add the page, add a redirect in pages/_redirects.yaml, or fix the link; the link is written in a template'],
    ]);
  });

  it('leaves out a link reported already where it is written', () => {
    const earlier = diagnostic('broken-link', { file: 'pages/index.yaml', line: 4, column: 7, subject: '/missing' }, { path: '/missing' });
    const pages = [rendered('pages/index.yaml', '/', 'index.html', '<a href="/missing">x</a><a href="/also-missing">y</a>')];
    expect(
      checkRendered(model, pages, { ...context, found: [earlier] })
        .filter((d) => d.code !== 'orphan-page')
        .map((d) => [d.code, d.subject]),
    ).toEqual([['broken-link', '/also-missing']]);
  });

  it('reports a static file that writes a page’s output, and inline code once per kind', () => {
    const pages = [
      rendered('pages/about.yaml', '/about', 'about.html', '<p style="color:red">a</p><button onclick="go()">b</button>'),
      rendered('pages/index.yaml', '/', 'index.html', '<p style="margin:0">c</p>'),
    ];
    expect(
      checkRendered(model, pages, context)
        .filter((d) => d.code !== 'orphan-page')
        .map((d) => [d.code, d.file, d.message]),
    ).toEqual([
      ['output-clash', 'static/about.html', 'writes dist/about.html, which pages/about.yaml also writes'],
      ['inline-code', 'pages/about.yaml', 'the rendered page has a style="…" attribute, which the Content-Security-Policy blocks'],
      ['inline-code', 'pages/about.yaml', 'the rendered page has an onclick="…" attribute, which the Content-Security-Policy blocks'],
    ]);
  });

  it('reports a file that other outputs need as a folder', () => {
    const clashing = siteModel({ ...model, statics: [{ file: 'static/blog', route: '/blog', contents: Buffer.from('x') }] });
    const pages = [rendered('pages/blog/a.md', '/blog/a', 'blog/a.html', '')];
    expect(
      checkRendered(clashing, pages, context)
        .filter((d) => d.code !== 'orphan-page')
        .map((d) => [d.code, d.file, d.message]),
    ).toEqual([['output-clash', 'static/blog', 'writes dist/blog, which other files need as a folder']]);
  });
});
