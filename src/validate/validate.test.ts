// validate(): literal texts and a tiny theme in, the resolved model and located diagnostics out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadedContent, SourceFile } from '../load/load.ts';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { compileValidators, modelineFor, validate, type ValidateOptions } from './validate.ts';
import { DESCRIPTION, tinyTheme } from '../../tests/helpers/unit.ts';

const theme = tinyTheme();
const validators = compileValidators(theme);

const SITE_LINE = '# yaml-language-server: $schema=./schemas/site.json';
const siteFile = (...lines: string[]): SourceFile => ({ file: 'site.yaml', text: [SITE_LINE, ...lines, ''].join('\n') });
const goodSite = siteFile('name: Tiny', 'baseUrl: https://www.example.com/');

/** A page file of the `plain` template, its modeline right for its folder. */
function plainPage(file: string, heading = `Heading of ${file}`, template = 'plain'): SourceFile {
  const depth = file.split('/').length - 1;
  const modeline = `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/plain.json`;
  return { file, text: [modeline, `template: ${template}`, `title: Title of ${file}`, `description: ${DESCRIPTION}`, `heading: ${heading}`, ''].join('\n') };
}

/** A Markdown page of the `article` template: `template: article` on the line after the opening ---, then `front`. */
function article(slug: string, front: Record<string, string | boolean>, folder = 'pages/blog'): SourceFile {
  const lines = Object.entries({ template: 'article', ...front }).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return { file: `${folder}/${slug}.md`, text: ['---', ...lines, '---', '', `The body of ${slug}.`, ''].join('\n') };
}

function run(content: Partial<LoadedContent>, options: ValidateOptions = {}) {
  return validate({ site: goodSite, pages: [], statics: [], ...content }, theme, validators, options);
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

describe('routes and pages', () => {
  it('gives each page file its route, sorts pages by route, and sets the not-found page apart', () => {
    const { model, diagnostics, claimedRoutes } = run({
      pages: [
        plainPage('pages/404.yaml'),
        plainPage('pages/services/panels.yaml'),
        plainPage('pages/about.yaml'),
        plainPage('pages/index.yaml'),
        plainPage('pages/services/index.yaml'),
      ],
    });
    expect(diagnostics).toEqual([]);
    expect(model.pages.map((p) => [p.route, p.file])).toEqual([
      ['/', 'pages/index.yaml'],
      ['/about', 'pages/about.yaml'],
      ['/services', 'pages/services/index.yaml'],
      ['/services/panels', 'pages/services/panels.yaml'],
    ]);
    expect(model.notFound?.file).toBe('pages/404.yaml');
    expect(model.notFound?.route).toBe('/404');
    expect(claimedRoutes).toEqual(['/404', '/services/panels', '/about', '/', '/services']);
  });

  it('fills defaults of the common fields and keeps the page’s own', () => {
    const { model } = run({ pages: [plainPage('pages/about.yaml', 'About us')] });
    expect(model.pages[0]!.data).toEqual({
      template: 'plain',
      title: 'Title of pages/about.yaml',
      description: DESCRIPTION,
      noindex: false,
      heading: 'About us',
    });
    expect(model.pages[0]!.template).toBe('plain');
  });

  it('reports a file name that cannot be a URL and leaves its route unclaimed', () => {
    const { model, diagnostics, claimedRoutes } = run({ pages: [plainPage('pages/Panel_Upgrades.yaml')] });
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'route-name', file: 'pages/Panel_Upgrades.yaml', line: 0, message: '"Panel_Upgrades" cannot be part of a URL' }),
    ]);
    expect(model.pages).toEqual([]);
    expect(claimedRoutes).toEqual([]);
  });

  it('refuses a name holding any character a URL segment cannot, a backslash and a line break included, as itself and never as a page', () => {
    const odd = fc.constantFrom('\\', '\n', '\r', '\t', '%', '#', '?', ' ', '.', 'É', 'e\u0301', '\u00a0', ':', '"');
    const name = fc.tuple(fc.stringMatching(/^[a-z0-9]{0,4}$/), odd, fc.stringMatching(/^[a-z0-9]{0,4}$/)).map(([a, c, b]) => `${a}${c}${b}`);
    fc.assert(
      fc.property(name, fc.constantFrom('', 'blog/', 'gta/'), fc.constantFrom('yaml', 'md'), (stem, folder, extension) => {
        const file = `pages/${folder}${stem}.${extension}`;
        const { model, diagnostics, claimedRoutes } = run({ pages: [{ ...plainPage(file), file }] }, { today: '2025-06-02' });
        expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['route-name', file]]);
        expect(diagnostics[0]!.message).toBe(`"${stem}" cannot be part of a URL`);
        expect([model.pages, claimedRoutes]).toEqual([[], []]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a static file with a backslash anywhere in its path, and leaves it out of the model', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,3}\\[a-z \\]{0,3}$/), fc.constantFrom('', 'images/', 'a b/'), (name, folder) => {
        const file = `static/${folder}${name}.png`;
        const { model, diagnostics } = run({
          statics: [
            { file, contents: Buffer.from('x') },
            { file: 'static/ok.txt', contents: Buffer.from('y') },
          ],
        });
        expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['static-backslash', file]]);
        expect(model.statics.map((s) => s.route)).toEqual(['/ok.txt']);
      }),
      { numRuns: 100 },
    );
  });

  it('skips files below pages/ that are not pages', () => {
    const { model, claimedRoutes } = run({ pages: [{ file: 'pages/_partials/cta.yaml', text: 'x: 1\n' }] });
    expect(model.pages).toEqual([]);
    expect(claimedRoutes).toEqual([]);
  });

  it('gives static files their public path', () => {
    const { model } = run({ statics: [{ file: 'static/images/dot.svg', contents: Buffer.from('<svg/>') }] });
    expect(model.statics.map((s) => [s.file, s.route])).toEqual([['static/images/dot.svg', '/images/dot.svg']]);
  });
});

describe('templates', () => {
  it('reports an unknown template at the template value, names the known ones, and still claims the route', () => {
    const { model, diagnostics, claimedRoutes } = run({ pages: [plainPage('pages/fancy.yaml', 'Fancy', 'fancy')] });
    expect(diagnostics).toEqual([
      {
        file: 'pages/fancy.yaml',
        line: 2,
        column: 11,
        path: 'template',
        message: 'unknown template "fancy"',
        hint: 'templates: plain, article',
        severity: 'error',
        code: 'unknown-template',
      },
    ]);
    expect(model.pages).toEqual([]);
    expect(claimedRoutes).toEqual(['/fancy']);
  });

  it('keeps out a page whose fields do not fit its template, with a schema diagnostic at the field', () => {
    const page = plainPage('pages/about.yaml');
    const { model, diagnostics } = run({ pages: [{ ...page, text: page.text.replace(/^heading: .*$/m, 'heading: ""') }] });
    expect(model.pages).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.path])).toEqual([['schema', 'pages/about.yaml', 5, 'heading']]);
  });
});

describe('refused paths', () => {
  it('reports each at its path, line 1, and claims the route of a page file among them', () => {
    const { diagnostics, claimedRoutes } = run({
      pages: [plainPage('pages/index.yaml')],
      refused: [
        { file: 'pages/about.yaml', refusal: { why: 'pipe' } },
        { file: 'static/photo.jpg', refusal: { why: 'link-outside', target: '/home/me/photo.jpg' } },
      ],
    });
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['file-refused', 'pages/about.yaml', 1, 1, 'this is a named pipe (FIFO), not a file: the build reads only regular files'],
      ['file-refused', 'static/photo.jpg', 1, 1, 'this link leads outside the project, to "/home/me/photo.jpg"'],
    ]);
    expect(diagnostics.every((d) => d.hint)).toBe(true);
    expect(claimedRoutes).toContain('/about');
  });

  it('says a refused site.yaml is refused, not missing, and keeps the site back', () => {
    const { diagnostics, siteValid } = run({ site: null, refused: [{ file: 'site.yaml', refusal: { why: 'link-outside', target: '/dev/zero' } }] });
    expect(diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['file-refused', 'site.yaml', 1]]);
    expect(siteValid).toBe(false);
  });
});

describe('site.yaml read again', () => {
  /** A theme whose site rules count their runs and find the phone's display wrong. */
  function countingTheme() {
    const counted = { runs: 0 };
    const rules = theme.siteRules!;
    return { counted, theme: { ...theme, siteRules: (site: Parameters<typeof rules>[0]) => (counted.runs++, rules(site)) } };
  }
  const phoned = siteFile('name: Tiny', 'baseUrl: https://www.example.com/', 'phone:', '  number: "+14165550100"', '  display: (416) 555-0199');

  it('gives back the same site, and its problems again, while the file and what reads it are the same; reads it again when any changed', () => {
    const { counted, theme: counting } = countingTheme();
    const validate2 = (site: SourceFile, options: ValidateOptions = {}) => validate({ site, pages: [], statics: [] }, counting, validators, options);
    const first = validate2(phoned);
    const again = validate2(phoned);
    // The same object: what is worked out once per site (share cards, the theme's menus) is not worked out again.
    expect(again.model.site).toBe(first.model.site);
    expect(again.diagnostics).toEqual(first.diagnostics);
    expect(codes(first.diagnostics)).toEqual(['site-rule']);
    expect(counted.runs).toBe(1);
    // The same text in a file read again (an edit undone), another base URL, another theme: read again.
    const reread = validate2({ ...phoned });
    expect(reread.model.site).not.toBe(first.model.site);
    expect(reread.model.site).toEqual(first.model.site);
    const moved = validate2(phoned, { baseUrl: 'https://preview.example.com' });
    expect(moved.model.site.baseUrl).toBe('https://preview.example.com');
    expect(validate({ site: phoned, pages: [], statics: [] }, theme, validators).model.site).not.toBe(first.model.site);
    expect(counted.runs).toBe(3);
  });
});

describe('publication', () => {
  const articles = [
    article('out', { title: 'Out', summary: 'S', date: '2025-06-01' }),
    article('today', { title: 'Today', summary: 'S', date: '2025-06-02' }),
    article('tomorrow', { title: 'Tomorrow', summary: 'S', date: '2025-06-03' }),
    article('draft', { title: 'Draft', summary: 'S', date: '2025-01-01', draft: true }),
  ];

  it('leaves out drafts and pages dated after the build day', () => {
    const { model, diagnostics } = run({ pages: articles }, { today: '2025-06-02' });
    expect(diagnostics).toEqual([]);
    expect(model.pages.map((p) => [p.route, p.status])).toEqual([
      ['/blog/out', 'published'],
      ['/blog/today', 'published'],
    ]);
    expect(model.collections.articles!.map((m) => m.route)).toEqual(['/blog/out', '/blog/today']);
  });

  it('keeps them, marked, when drafts are asked for, in the pages and in the collection', () => {
    const { model } = run({ pages: articles }, { today: '2025-06-02', drafts: true });
    const expected = [
      ['/blog/draft', 'draft'],
      ['/blog/out', 'published'],
      ['/blog/today', 'published'],
      ['/blog/tomorrow', 'scheduled'],
    ];
    expect(model.pages.map((p) => [p.route, p.status])).toEqual(expected);
    expect(model.collections.articles!.map((m) => [m.route, m.status])).toEqual(expected);
  });

  it('keeps a draft a draft when a value above draft: true ends its line in " ---"', () => {
    const text = [
      '---',
      'template: article',
      'title: Draft',
      'summary: Why you should call an',
      '  electrician ---',
      'date: "2025-01-01"',
      'draft: true',
      '---',
      '',
      'The body.',
      '',
    ].join('\n');
    const draft = { file: 'pages/blog/dashes.md', text };
    const published = run({ pages: [draft] }, { today: '2025-06-02' });
    expect(published.diagnostics).toEqual([]);
    expect(published.model.pages).toEqual([]);
    const previewed = run({ pages: [draft] }, { today: '2025-06-02', drafts: true }).model.pages[0]!;
    expect([previewed.status, previewed.data.summary, previewed.body]).toEqual([
      'draft',
      'Why you should call an electrician ---',
      { text: '\nThe body.\n', line: 9, words: 2 },
    ]);
  });

  it('refuses a draft whose front matter a --- or ... at the start of a line inside a value ended early, at the field left below', () => {
    // By YAML's rule the marker ends the document even inside a block of text; what follows it would be the page's text.
    const ends = fc.constantFrom('---', '...', '--- # here', '...\t');
    const style = fc.constantFrom('|', '>-', '');
    const before = fc.array(fc.constantFrom('text', '  indented', '', 'note: x'), { maxLength: 3 });
    fc.assert(
      fc.property(ends, style, before, (end, how, lines) => {
        const text = [
          '---',
          'template: article',
          'title: Draft',
          `summary:${how ? ` ${how}` : ''}`,
          '  Why you should call',
          end,
          ...lines.map((line) => `  ${line}`),
          'date: "2025-01-01"',
          'draft: true',
          '---',
          '',
          'The body.',
          '',
        ].join('\n');
        for (const drafts of [false, true]) {
          const { model, diagnostics } = run({ pages: [{ file: 'pages/blog/early.md', text }] }, { today: '2025-06-02', drafts });
          expect(model.pages).toEqual([]);
          expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.path])).toEqual([
            ['front-matter-ended', 'pages/blog/early.md', 7 + lines.length, 1, 'date'],
          ]);
          expect(diagnostics[0]!.message).toContain('line 6');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads a Markdown page whose body has a field-like line only below its first thematic break, or inside code', () => {
    const below = ['---', 'template: article', 'title: T', 'summary: S', 'date: "2025-01-01"', '---', 'Text.', '---', 'draft: true', ''].join('\n');
    const fenced = ['---', 'template: article', 'title: T', 'summary: S', 'date: "2025-01-01"', '---', '```yaml', 'draft: true', '---', '```', ''].join('\n');
    const { model, diagnostics } = run(
      {
        pages: [
          { file: 'pages/blog/below.md', text: below },
          { file: 'pages/blog/fenced.md', text: fenced },
        ],
      },
      { today: '2025-06-02' },
    );
    expect(diagnostics).toEqual([]);
    expect(model.pages.map((p) => p.route)).toEqual(['/blog/below', '/blog/fenced']);
  });

  it('refuses a date that is not on the calendar, at its line', () => {
    const { model, diagnostics } = run({ pages: [article('leap', { title: 'Leap', summary: 'S', date: '2025-02-29' })] }, { today: '2025-06-02' });
    expect(model.pages).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.path, d.message])).toEqual([
      ['impossible-date', 'pages/blog/leap.md', 5, 7, 'date', '2025-02-29 is not a real date: February 2025 has 28 days'],
    ]);
  });
});

describe('Markdown pages', () => {
  it('reads a Markdown page in any folder, at the route its path gives, like a YAML page', () => {
    const { model, diagnostics, claimedRoutes } = run({
      pages: [
        article('stray', { title: 'T', summary: 'S', date: '2024-01-01' }, 'pages/notes'),
        article('deep', { title: 'D', summary: 'S2', date: '2024-01-01' }, 'pages/blog/2024'),
      ],
    });
    expect(diagnostics).toEqual([]);
    expect(model.pages.map((p) => [p.route, p.file, p.template])).toEqual([
      ['/blog/2024/deep', 'pages/blog/2024/deep.md', 'article'],
      ['/notes/stray', 'pages/notes/stray.md', 'article'],
    ]);
    expect(claimedRoutes).toEqual(['/notes/stray', '/blog/2024/deep']);
  });

  it('refuses a page whose template makes pages of the other kind, at its template, naming the templates of its own kind', () => {
    const markdownNamingYaml = { file: 'pages/notes/a.md', text: ['---', 'template: plain', 'heading: H', '---', '', 'Text.', ''].join('\n') };
    const yamlNamingMarkdown = {
      file: 'pages/b.yaml',
      text: [modelineFor('pages/b.yaml', 'article'), 'template: article', 'title: T', 'summary: S', 'date: "2024-01-01"', ''].join('\n'),
    };
    const { model, diagnostics, claimedRoutes } = run({ pages: [markdownNamingYaml, yamlNamingMarkdown] });
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.path])).toEqual([
      ['template-kind', 'pages/notes/a.md', 2, 11, 'template'],
      ['template-kind', 'pages/b.yaml', 2, 11, 'template'],
    ]);
    expect(diagnostics[0]!.message).toBe('the template "plain" makes pages from YAML files, and this is a Markdown file');
    expect(diagnostics[0]!.hint).toBe('write the page as a .yaml file, or name a template for Markdown pages: article');
    expect(diagnostics[1]!.message).toBe('the template "article" makes pages from Markdown files (.md, with front matter), and this is a YAML file');
    expect(diagnostics[1]!.hint).toBe(
      'write the page as a .md file: its fields between two --- lines, then its text, or name a template for YAML pages: plain',
    );
    expect(model.pages).toEqual([]);
    expect(claimedRoutes).toEqual(['/notes/a', '/b']);
  });

  it('asks a Markdown page without a template for one, at its front matter, naming the templates of Markdown pages', () => {
    const { diagnostics } = run({ pages: [{ file: 'pages/blog/none.md', text: ['---', 'title: T', '---', '', 'Text.', ''].join('\n') }] });
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.path])).toEqual([['schema', 'pages/blog/none.md', 2, 'template']]);
    expect(diagnostics[0]!.hint).toMatch(/; templates of Markdown pages: article$/);
  });

  it('sorts pages by route and collects every page of the template in the collection, in route order, with its words', () => {
    const { model, diagnostics } = run({
      pages: [
        article('b-tie', { title: 'B', summary: 'S', date: '2024-03-01' }),
        article('older', { title: 'O', summary: 'S', date: '2023-12-31' }),
        plainPage('pages/about.yaml'),
        article('a-tie', { title: 'A', summary: 'S', date: '2024-03-01' }),
      ],
    });
    expect(diagnostics).toEqual([]);
    expect(model.pages.map((p) => p.route)).toEqual(['/about', '/blog/a-tie', '/blog/b-tie', '/blog/older']);
    expect(model.collections.articles).toEqual(
      ['a-tie', 'b-tie', 'older'].map((slug) =>
        expect.objectContaining({
          route: `/blog/${slug}`,
          title: slug === 'older' ? 'O' : slug[0]!.toUpperCase(),
          status: 'published',
          words: slug === 'older' ? 4 : 5,
        }),
      ),
    );
    expect(model.collections.articles![0]!.data).toEqual({ template: 'article', title: 'A', summary: 'S', date: '2024-03-01', draft: false, noindex: false });
  });

  it('takes the head from the first title field a page has, and the description field', () => {
    const { model } = run({
      pages: [
        article('with-seo', { title: 'Headline', seoTitle: 'Search title', summary: 'What it says', date: '2024-02-01' }),
        article('plain', { title: 'Only headline', summary: 'Another summary', date: '2024-01-01' }),
      ],
    });
    expect(model.pages.map((p) => p.head)).toEqual([
      { title: 'Only headline', description: 'Another summary', noindex: false, titleField: 'title', descriptionField: 'summary' },
      { title: 'Search title', description: 'What it says', noindex: false, titleField: 'seoTitle', descriptionField: 'summary' },
    ]);
  });

  it('keeps a Markdown page with noindex: true out of search engines, as a YAML page', () => {
    const { model } = run({ pages: [article('hidden', { title: 'Hidden', summary: 'S', date: '2024-01-01', noindex: true })] });
    expect(model.pages[0]!.head.noindex).toBe(true);
  });

  it('splits the body from the front matter and knows the line it starts on', () => {
    const { model } = run({ pages: [article('one', { title: 'One', summary: 'S', date: '2024-01-01' })] });
    expect(model.pages[0]).toMatchObject({ file: 'pages/blog/one.md', route: '/blog/one', body: { text: '\nThe body of one.\n', line: 7, words: 4 } });
    expect(model.pages[0]!.data).toEqual({ template: 'article', title: 'One', summary: 'S', date: '2024-01-01', draft: false, noindex: false });
  });

  it('reports a Markdown page without front matter at its first line', () => {
    const { diagnostics } = run({ pages: [{ file: 'pages/blog/bare.md', text: '# Just a heading\n' }] });
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['front-matter', 'pages/blog/bare.md', 1, 1]]);
  });

  it('says a front matter that opens and never ends never ends, whatever stands where its end would be', () => {
    const notAnEnd = fc.constantFrom('--- x', '---x', ' ---', '-- -', '—', '', 'draft: true', '***', '===');
    fc.assert(
      fc.property(fc.array(notAnEnd, { maxLength: 4 }), fc.constantFrom('---', '--- # a page', '---\t'), (lines, opening) => {
        const text = [opening, 'template: article', 'title: T', ...lines, 'The body.', ''].join('\n');
        const { diagnostics, model } = run({ pages: [{ file: 'pages/blog/open.md', text }] }, { today: '2025-06-02', drafts: true });
        expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['front-matter-open', 'pages/blog/open.md', 1, 1]]);
        expect(model.pages).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('locates a front-matter field on its line of the Markdown file', () => {
    const { diagnostics, model } = run({ pages: [article('bad-date', { title: 'T', summary: 'S', date: 'soon' })] });
    expect(model.pages).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.path])).toEqual([['schema', 'pages/blog/bad-date.md', 5, 'date']]);
  });
});

describe('site.yaml', () => {
  it('reports a theme rule’s problem once, at its line and field path in site.yaml', () => {
    const site = siteFile('name: Tiny', 'baseUrl: https://www.example.com', 'phone:', '  number: "+14165550100"', '  display: (416) 555-0199');
    const { diagnostics } = run({ site });
    expect(diagnostics).toEqual([
      {
        file: 'site.yaml',
        line: 6,
        column: 12,
        path: 'phone.display',
        message: '"(416) 555-0199" is not +14165550100',
        hint: 'print the number the link dials',
        severity: 'error',
        code: 'site-rule',
      },
    ]);
  });

  it('runs no theme rule on a site.yaml that fails its schema', () => {
    const site = siteFile('name: Tiny', 'baseUrl: https://www.example.com', 'phone:', '  number: "+14165550100"', '  display: (416) 555-0199', 'extra: 1');
    expect(codes(run({ site }).diagnostics)).toEqual(['schema']);
  });

  it('reports a base URL that is not absolute at its line, and drops a trailing slash from a good one', () => {
    const bad = run({ site: siteFile('name: Tiny', 'baseUrl: www.example.com') });
    expect(bad.diagnostics).toEqual([
      {
        file: 'site.yaml',
        line: 3,
        column: 10,
        path: 'baseUrl',
        message: 'base URL "www.example.com" is not an absolute http(s) URL',
        hint: 'for example https://www.example.com',
        severity: 'error',
        code: 'base-url',
      },
    ]);
    expect(run({}).model.site).toEqual({ name: 'Tiny', baseUrl: 'https://www.example.com' });
  });

  it('takes a base URL option over site.yaml, and blames the option when it is bad', () => {
    expect(run({}, { baseUrl: 'https://preview.example.net/' }).model.site.baseUrl).toBe('https://preview.example.net');
    const bad = run({}, { baseUrl: 'ftp://preview' });
    expect(bad.diagnostics.map((d) => [d.code, d.file, d.line, d.path])).toEqual([['base-url', '--base-url', 0, 'baseUrl']]);
  });

  it('refuses a base URL the browser cannot read, or that would add a line to robots.txt', () => {
    for (const baseUrl of ['https://[', 'https://x.example/a\\b', 'https://x.example\nDisallow: /', 'https://x.example/\u00ad', 'https://x.example/?q=1']) {
      expect(run({}, { baseUrl }).diagnostics.map((d) => d.code)).toEqual(['base-url']);
    }
  });

  it('refuses a base URL with a path or a user name, from the option or site.yaml, and hands theme code no site', () => {
    const extra = fc.oneof(
      fc.stringMatching(/^(\/[a-z0-9-]{1,8}){1,3}\/?$/).map((path) => ({ tail: path, words: `a path (${path.replace(/\/+$/, '')})` })),
      fc.constantFrom('user@', 'user:secret@', ':pw@').map((who) => ({ head: who, words: 'a user name or password' })),
    );
    fc.assert(
      fc.property(extra, fc.constantFrom('http', 'https'), fc.boolean(), (part, scheme, fromOption) => {
        const value = `${scheme}://${'head' in part ? part.head : ''}www.example.com${'tail' in part ? part.tail : ''}`;
        const result = fromOption ? run({}, { baseUrl: value }) : run({ site: siteFile('name: Tiny', `baseUrl: ${value}`) });
        expect(result.diagnostics.map((d) => [d.code, d.file, d.path])).toEqual([['base-url-origin', fromOption ? '--base-url' : 'site.yaml', 'baseUrl']]);
        expect(result.diagnostics[0]!.message).toBe(`base URL ${JSON.stringify(value)} has ${part.words}, where only the scheme and the host belong`);
        if (!fromOption) expect(result.diagnostics[0]!.line).toBe(3);
        expect(result.siteValid).toBe(false);
      }),
      { numRuns: 200 },
    );
    expect(run({}, { baseUrl: 'https://www.example.com:8443//' }).diagnostics).toEqual([]);
  });

  it('reports a missing site.yaml', () => {
    const { diagnostics } = run({ site: null });
    expect(diagnostics.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
      ['missing-file', 'site.yaml', 'site.yaml is missing', 'create it at the project root'],
    ]);
  });
});

describe('schema lines for editors', () => {
  it('names the schema relative to each file', () => {
    expect(modelineFor('site.yaml', 'site')).toBe('# yaml-language-server: $schema=./schemas/site.json');
    expect(modelineFor('pages/a.yaml', 'plain')).toBe('# yaml-language-server: $schema=../schemas/plain.json');
    expect(modelineFor('pages/x/y.yaml', 'plain')).toBe('# yaml-language-server: $schema=../../schemas/plain.json');
  });

  it('reports a schema line naming the wrong schema at line 1, and none for a file without one (the browser editor saves no comments), the pages still validated', () => {
    const missing = plainPage('pages/a.yaml');
    const wrong = plainPage('pages/x/b.yaml');
    const { diagnostics, model } = run({
      site: { file: 'site.yaml', text: 'name: Tiny\nbaseUrl: https://www.example.com\n' },
      pages: [
        { ...missing, text: missing.text.split('\n').slice(1).join('\n') },
        { ...wrong, text: wrong.text.replace('../../schemas/plain.json', '../schemas/plain.json') },
      ],
    });
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message, d.hint])).toEqual([
      [
        'modeline',
        'pages/x/b.yaml',
        1,
        1,
        'the schema line points at the wrong schema',
        'make the first line: # yaml-language-server: $schema=../../schemas/plain.json, or remove the line',
      ],
    ]);
    expect(model.pages.map((p) => p.route)).toEqual(['/a', '/x/b']);
  });
});

describe('redirects', () => {
  it('reads pages/_redirects.yaml into rules with defaults and the place of each value', () => {
    const text = [
      '# yaml-language-server: $schema=../schemas/redirects.json',
      'redirects:',
      '  - from: /old',
      '    to: /new',
      '  - from: /blog/*',
      '    to: /news',
      '    status: 302',
      '',
    ].join('\n');
    const { model, diagnostics, claimedRoutes } = run({ pages: [{ file: 'pages/_redirects.yaml', text }] });
    expect(diagnostics).toEqual([]);
    expect(claimedRoutes).toEqual([]);
    expect(model.redirects).toEqual([
      {
        from: '/old',
        to: '/new',
        status: 301,
        force: false,
        file: 'pages/_redirects.yaml',
        fields: { from: { line: 3, column: 11 }, to: { line: 4, column: 9 } },
      },
      {
        from: '/blog/*',
        to: '/news',
        status: 302,
        force: false,
        file: 'pages/_redirects.yaml',
        fields: { from: { line: 5, column: 11 }, to: { line: 6, column: 9 } },
      },
    ]);
  });
});
