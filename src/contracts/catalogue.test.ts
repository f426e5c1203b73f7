// The catalogue of diagnostics: consistent entries, diagnostic() filling defaults, and what stops rendering.
import { describe, expect, it } from 'vitest';
import { catalogue, type CatalogueEntry } from './catalogue.ts';
import { diagnostic, sortDiagnostics, stopsRendering, type Diagnostic } from './diagnostics.ts';

/** Parameters that fill any message of the catalogue with something plausible. */
const anyParams = {
  what: 'site.yaml',
  hint: 'do this',
  value: 'x',
  out: 'dist',
  why: 'because',
  message: 'supplied text',
  wrongSchema: false,
  expected: '# line',
  template: 'plain',
  known: ['plain'],
  segment: 'A',
  folder: 'pages/blog/',
  first: 'pages/a.yaml',
  route: '/a',
  kind: 'title',
  path: '/a',
  href: '/a/',
  shown: 'javascript:x',
  scheme: 'javascript',
  index: 0,
  earlier: '/a/*',
  from: '/a',
  force: false,
  hops: ['/a', '/b'],
  end: '/c',
  target: '/c',
  error: 'boom',
  attribute: 'style',
  date: '2025-02-30',
  file: 'pages/notes.txt',
  link: '[x](/a)',
  kept: 'We are',
  lost: '#1',
  reason: 'unsupported image format',
  width: 7000,
  height: 6000,
  field: 'to',
  to: 'http://example.com/',
  code: 2339,
  text: "Property 'yeer' does not exist on type 'Page'",
  root: '/project',
  element: 'p',
  depth: 30,
  limit: 20,
  characters: 2000000,
  character: 'a NUL character (U+0000)',
  name: 'slug',
  names: '"precious.txt"',
  marker: '.site-build',
  extra: 'a path (/sub)',
  place: 'its XMP data',
  folders: 96,
  blocks: 101,
};
const entries = Object.entries(catalogue) as [string, CatalogueEntry<unknown>][];

describe('catalogue entries', () => {
  it.each(entries)('%s has a title, a severity that agrees with what it stops, and a sentence for a message', (_code, entry) => {
    expect(entry.title.trim().length).toBeGreaterThan(0);
    if (entry.severity === 'warning') expect(entry.stops).toBe('nothing');
    else expect(['render', 'write']).toContain(entry.stops);
    const message = entry.message(anyParams);
    expect(message.length).toBeGreaterThan(0);
    expect(message).not.toMatch(/\.$/);
    expect(message).not.toMatch(/undefined|\[object Object\]/);
  });

  it('declares the eight warnings and nothing else as warnings', () => {
    expect(
      entries
        .filter(([, e]) => e.severity === 'warning')
        .map(([code]) => code)
        .sort(),
    ).toEqual(['image-unused', 'non-canonical-link', 'not-a-page', 'orphan-page', 'rule-warning', 'through-redirect', 'typescript-missing', 'yaml-warning']);
  });
});

describe('diagnostic()', () => {
  it('fills line, column and path with their defaults and leaves out an absent subject', () => {
    expect(diagnostic('front-matter', { file: 'pages/blog/a.md' })).toEqual({
      file: 'pages/blog/a.md',
      line: 0,
      column: 0,
      path: '',
      message: 'a Markdown page must start with front matter between two "---" lines',
      hint: 'begin the file with ---, the fields of the page (its template: first), and another ---',
      severity: 'error',
      code: 'front-matter',
    });
  });

  it('fills the message and hint from the params and keeps the place and the subject', () => {
    const d = diagnostic(
      'broken-link',
      { file: 'pages/a.yaml', line: 4, column: 9, path: 'links[0].href', subject: '/nowhere' },
      { path: '/nowhere', inTemplate: true },
    );
    expect(d).toEqual({
      file: 'pages/a.yaml',
      line: 4,
      column: 9,
      path: 'links[0].href',
      message: 'link to /nowhere, which is neither a page nor a redirect',
      hint: 'add the page, add a redirect in pages/_redirects.yaml, or fix the link; the link is written in a template',
      severity: 'error',
      code: 'broken-link',
      subject: '/nowhere',
    });
  });

  it('leaves the hint out when the entry gives none for these params', () => {
    const d = diagnostic('schema', { file: 'site.yaml', line: 2, column: 1, path: 'name' }, { message: 'name must be text' });
    expect('hint' in d).toBe(false);
    expect(d.severity).toBe('error');
    expect(d.message).toBe('name must be text');
  });

  it('takes the severity from the catalogue', () => {
    expect(diagnostic('yaml-warning', { file: 'site.yaml' }, { message: 'odd' }).severity).toBe('warning');
    expect(diagnostic('non-canonical-link', { file: 'site.yaml' }, { href: '/a/', path: '/a' }).message).toBe(
      '"/a/" ends in a slash and costs the visitor a redirect',
    );
  });
});

describe('stopsRendering()', () => {
  const schemaIn = (file: string) => diagnostic('schema', { file, line: 1, column: 1 }, { message: 'wrong shape' });

  it('is true for a schema error in site.yaml, which every page reads', () => {
    expect(stopsRendering(schemaIn('site.yaml'))).toBe(true);
  });

  it('is false for the same error in one page file: only that page stays out', () => {
    expect(stopsRendering(schemaIn('pages/x.yaml'))).toBe(false);
  });

  it('is false for a broken link, which stops only the write', () => {
    expect(stopsRendering(diagnostic('broken-link', { file: 'site.yaml' }, { path: '/x' }))).toBe(false);
  });

  it('is false for a warning of a kind that stops rendering when it is an error', () => {
    const warning: Diagnostic = { ...schemaIn('site.yaml'), severity: 'warning' };
    expect(stopsRendering(warning)).toBe(false);
  });

  it('is true for client code that does not compile', () => {
    expect(stopsRendering(diagnostic('bundle', { file: 'templates/client/menu.ts', line: 3, column: 5 }, { message: 'Expected ";"' }))).toBe(true);
  });
});

describe('sortDiagnostics()', () => {
  it('orders by file, then line, then column', () => {
    const at = (file: string, line: number, column: number) => diagnostic('schema', { file, line, column }, { message: `${file}:${line}:${column}` });
    const sorted = sortDiagnostics([
      at('site.yaml', 1, 1),
      at('pages/b.yaml', 2, 1),
      at('pages/b.yaml', 1, 7),
      at('pages/a.yaml', 9, 9),
      at('pages/b.yaml', 1, 3),
    ]);
    expect(sorted.map((d) => d.message)).toEqual(['pages/a.yaml:9:9', 'pages/b.yaml:1:3', 'pages/b.yaml:1:7', 'pages/b.yaml:2:1', 'site.yaml:1:1']);
  });
});
