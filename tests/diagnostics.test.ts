// Each kind of content problem, with the exact place it is reported.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check } from 'trn-site/internal/check/check.ts';
import type { Diagnostic } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyFixture, fixturePlace, type Project } from './helpers/fixture.ts';

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

async function problems(edit: (p: Project) => Promise<void>): Promise<Diagnostic[]> {
  project = await copyFixture();
  await edit(project);
  return (await check({ root: project.root })).filter((d) => d.severity === 'error');
}

/** The parts a reader sees, so a failure shows the whole line. */
const located = (d: Diagnostic) => ({ file: d.file, line: d.line, column: d.column, path: d.path, code: d.code });

describe('check on the untouched fixture', () => {
  it('finds nothing', async () => {
    expect(await problems(async () => {})).toEqual([]);
  });
});

describe('shape', () => {
  it('reports a YAML syntax error at its line', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services', 'heading: [Services'));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 5, column: 10, path: '', code: 'yaml-syntax' }]);
  });

  it.each([
    ['double', '"Services'],
    ['single', "'It''s services"],
  ])('reports an unclosed %s quote where it opens, not where the file ends', async (_kind, value) => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services', `heading: ${value}`));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 5, column: 10, path: '', code: 'yaml-syntax' }]);
    expect(found[0]!.message).toContain('never closed');
  });

  it('reports an unknown field at its key, with the likely intended name', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services', 'headng: Services'));
    expect(found.map(located)).toContainEqual({ file: 'pages/services.yaml', line: 5, column: 1, path: 'headng', code: 'schema' });
    const typo = found.find((d) => d.path === 'headng')!;
    expect(typo.message).toBe('unknown field "headng"');
    expect(typo.hint).toBe('did you mean "heading"?');
  });

  it('reports a swapped-letter key in a nested map as one mistake', async () => {
    const found = await problems((p) => p.edit('pages/index.yaml', '  - label: Services', '  - lable: Services'));
    expect(found.map(located)).toEqual([{ file: 'pages/index.yaml', line: 7, column: 5, path: 'links[0].lable', code: 'schema' }]);
    expect(found[0]!.hint).toBe('did you mean "label"?');
  });

  it('reports a missing field at the map that lacks it', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services\n', ''));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 2, column: 1, path: 'heading', code: 'schema' }]);
    expect(found[0]!.message).toBe('missing required field "heading"');
  });

  it('reports a wrong type at the value', async () => {
    const found = await problems((p) => p.edit('pages/404.yaml', 'noindex: true', 'noindex: sometimes'));
    expect(found.map(located)).toEqual([{ file: 'pages/404.yaml', line: 6, column: 10, path: 'noindex', code: 'schema' }]);
    expect(found[0]!.message).toBe('must be true or false');
  });

  it('reports a bad pattern inside a list, with the field path and what was expected', async () => {
    const found = await problems((p) => p.edit('pages/index.yaml', 'href: tel:+14165550100', 'href: phone-us'));
    expect(found.map(located)).toEqual([{ file: 'pages/index.yaml', line: 10, column: 11, path: 'links[1].href', code: 'schema' }]);
    expect(found[0]!.hint).toBe('expected a path, tel: or https:// URL');
  });

  it('reports a title that is too long for search results', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'title: Services', `title: ${'Services '.repeat(9)}`));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 3, column: 8, path: 'title', code: 'schema' }]);
    expect([found[0]!.message, found[0]!.hint]).toEqual(['is 80 characters long; it must be at most 60', 'shorten it by 20 or more']);
  });

  it('reports an unknown template with the list of known ones', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'template: page', 'template: pgae'));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 2, column: 11, path: 'template', code: 'unknown-template' }]);
    expect(found[0]!.hint).toBe('templates: page, article');
  });

  it('reports article front matter at its line in the Markdown file', async () => {
    const found = await problems((p) => p.edit('pages/blog/first-article.md', 'publishDate: 2024-03-05', 'publishDate: March 5'));
    expect(found.map(located)).toEqual([{ file: 'pages/blog/first-article.md', line: 4, column: 14, path: 'publishDate', code: 'schema' }]);
  });

  it('takes a page without its schema line (as the browser editor saves it), and points out one naming another schema', async () => {
    const without = await problems(async (p) => p.write('pages/services.yaml', (await p.read('pages/services.yaml')).split('\n').slice(1).join('\n')));
    expect(without).toEqual([]);
    const wrong = await problems((p) => p.edit('pages/services.yaml', 'schemas/page.json', 'schemas/article.json'));
    expect(wrong.map(located)).toEqual([{ file: 'pages/services.yaml', line: 1, column: 1, path: '', code: 'modeline' }]);
    expect(wrong[0]!.hint).toBe('make the first line: # yaml-language-server: $schema=../schemas/page.json, or remove the line');
  });
});

describe('dates', () => {
  it('refuses an article date that is not on the calendar, at its line, saying why', async () => {
    const found = await problems((p) => p.edit('pages/blog/first-article.md', 'publishDate: 2024-03-05', 'publishDate: 2025-02-30'));
    expect(found.map((d) => ({ ...located(d), message: d.message }))).toEqual([
      {
        file: 'pages/blog/first-article.md',
        line: 4,
        column: 14,
        path: 'publishDate',
        code: 'impossible-date',
        message: '2025-02-30 is not a real date: February 2025 has 28 days',
      },
    ]);
  });
});

describe('warnings', () => {
  async function warnings(edit: (p: Project) => Promise<void>): Promise<Diagnostic[]> {
    project = await copyFixture();
    await edit(project);
    return (await check({ root: project.root })).filter((d) => d.severity === 'warning');
  }

  it('warns about files under pages/ that are not pages', async () => {
    const found = await warnings(async (p) => {
      await p.write('pages/services.yaml.bak', 'an editor’s backup');
      await p.write('pages/notes.txt', 'to do');
    });
    expect(found.map((d) => [d.file, d.code, d.message])).toEqual([
      ['pages/notes.txt', 'not-a-page', 'pages/notes.txt is not a page: only .yaml (or .yml) and .md files under pages/ become pages'],
      ['pages/services.yaml.bak', 'not-a-page', 'pages/services.yaml.bak is not a page: only .yaml (or .yml) and .md files under pages/ become pages'],
    ]);
  });

  it('warns about a page no other page links to, at its title', async () => {
    const found = await warnings((p) =>
      p.write(
        'pages/lonely.yaml',
        '# yaml-language-server: $schema=../schemas/page.json\ntemplate: page\ntitle: A lonely page\ndescription: A page that nothing links to, written to see the engine notice that it is an orphan.\nheading: Lonely\n',
      ),
    );
    expect(found.map(located)).toEqual([{ file: 'pages/lonely.yaml', line: 3, column: 8, path: 'title', code: 'orphan-page' }]);
  });

  it('warns about a link through a redirect, where it is written, naming the address to link instead', async () => {
    const found = await warnings((p) => p.edit('pages/services.yaml', 'href: /services/panels', 'href: /old-panels'));
    expect(found.map((d) => ({ ...located(d), hint: d.hint }))).toEqual([
      { file: 'pages/services.yaml', line: 8, column: 11, path: 'links[0].href', code: 'through-redirect', hint: 'link /services/panels instead' },
    ]);
  });
});

describe('encoding', () => {
  it('reports a byte that is not UTF-8 at its line and column, and publishes nothing garbled', async () => {
    const found = await problems(async (p) => {
      const text = await p.read('pages/services.yaml');
      const at = text.indexOf('heading: Services') + 'heading: Servic'.length;
      await writeFile(
        join(p.root, 'pages/services.yaml'),
        Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xe9]), Buffer.from(text.slice(at + 1))]),
      );
    });
    expect(found.map((d) => [d.file, d.line, d.column, d.code])).toEqual([['pages/services.yaml', 5, 16, 'encoding']]);
  });
});

describe('Markdown in YAML text', () => {
  it('refuses a Markdown link in a text field, at its value', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services', 'heading: See our [panel work](/services/panels)'));
    expect(found.map((d) => [d.file, d.line, d.column, d.path, d.code, d.message])).toEqual([
      [
        'pages/services.yaml',
        5,
        10,
        'heading',
        'markdown-in-text',
        '[panel work](/services/panels) would show as written, brackets and all: text fields in YAML are not Markdown',
      ],
    ]);
  });
});

describe('meaning, every occurrence', () => {
  it('reports a second broken link to the same page in one file with the first', async () => {
    const found = await problems((p) => p.edit('pages/index.yaml', 'href: /services\n', 'href: /nowhere\n  - label: Again\n    href: /nowhere\n'));
    expect(found.map((d) => [d.file, d.line, d.path, d.code])).toEqual([
      ['pages/index.yaml', 8, 'links[0].href', 'broken-link'],
      ['pages/index.yaml', 10, 'links[1].href', 'broken-link'],
    ]);
  });
});

describe('meaning', () => {
  it('reports two files claiming one route', async () => {
    const found = await problems(async (p) =>
      p.write('pages/services/index.yaml', (await p.read('pages/services.yaml')).replace('../schemas', '../../schemas')),
    );
    expect(found.map(located)).toEqual([{ file: 'pages/services/index.yaml', line: 0, column: 0, path: '', code: 'duplicate-route' }]);
    expect(found[0]!.message).toBe('pages/services.yaml already serves the route /services');
  });

  it('reports a title or description that another page already uses', async () => {
    const found = await problems((p) => p.edit('pages/services/panels.yaml', 'title: Panel upgrades', 'title: services'));
    expect(found.map(located)).toEqual([{ file: 'pages/services/panels.yaml', line: 3, column: 8, path: 'title', code: 'duplicate-head' }]);
    expect(found[0]!.message).toBe('the same title as pages/services.yaml');
  });

  it('reports a broken link in page data at its value', async () => {
    const found = await problems((p) => p.edit('pages/index.yaml', 'href: /services\n  - label: Call', 'href: /servces\n  - label: Call'));
    expect(found.map(located)).toEqual([{ file: 'pages/index.yaml', line: 8, column: 11, path: 'links[0].href', code: 'broken-link' }]);
  });

  it('locates problems as exactly when the file comes from the parse cache', async () => {
    const first = await problems((p) => p.edit('pages/index.yaml', 'href: /services\n  - label: Call', 'href: /servces\n  - label: Call'));
    const again = (await check({ root: project!.root })).filter((d) => d.severity === 'error');
    expect(again.map(located)).toEqual(first.map(located));
    expect(again.map(located)).toEqual([{ file: 'pages/index.yaml', line: 8, column: 11, path: 'links[0].href', code: 'broken-link' }]);
  });

  it('reports a broken link in site.yaml', async () => {
    const found = await problems((p) => p.edit('site.yaml', 'href: /services', 'href: /contact'));
    expect(found.map(located)).toEqual([{ file: 'site.yaml', line: 6, column: 11, path: 'nav[0].href', code: 'broken-link' }]);
  });

  it('reports a broken link in an article body at its line and column', async () => {
    const found = await problems((p) => p.edit('pages/blog/first-article.md', '(/services)', '(/services/fuses)'));
    expect(found.map(located)).toEqual([{ file: 'pages/blog/first-article.md', line: 8, column: 46, path: '', code: 'broken-link' }]);
  });

  it('reports a broken link that only a template writes, once, against a page using it', async () => {
    const found = await problems((p) => p.edit('templates/index.tsx', 'src="/images/dot.svg"', 'src="/images/dots.svg"'));
    expect(found.map((d) => [d.code, d.message])).toEqual([['broken-link', 'link to /images/dots.svg, which is neither a page nor a redirect']]);
    expect(found[0]!.hint).toContain('written in a template');
  });

  it('reports javascript: URLs anywhere', async () => {
    const found = await problems(async (p) => {
      await p.edit('pages/index.yaml', 'href: tel:+14165550100', 'href: https://x.example');
      await p.edit('site.yaml', 'href: /services', 'href: " JavaScript:alert(1)"');
      await p.edit('pages/blog/first-article.md', '(/services)', '(javascript:alert(1))');
    });
    expect(found.map(located)).toEqual([
      { file: 'pages/blog/first-article.md', line: 8, column: 46, path: '', code: 'unsafe-url' },
      { file: 'site.yaml', line: 6, column: 11, path: 'nav[0].href', code: 'unsafe-url' },
    ]);
  });

  it('reports every javascript: URL of an article, in Markdown and in raw HTML, at its own line', async () => {
    const found = await problems((p) =>
      p.edit('pages/blog/first-article.md', '- one', '- one\n- <a href="javascript:alert(2)">raw</a>\n- [again](JAVASCRIPT:alert(3))'),
    );
    expect(found.map(located)).toEqual([
      { file: 'pages/blog/first-article.md', line: 11, column: 12, path: '', code: 'unsafe-url' },
      { file: 'pages/blog/first-article.md', line: 12, column: 11, path: '', code: 'unsafe-url' },
    ]);
  });

  it('locates a broken Markdown link, not the same path written earlier as plain text', async () => {
    const found = await problems((p) =>
      p.edit('pages/blog/first-article.md', 'Some **bold** words and a [link to services](/services).', 'See /nowhere below.\n\nA [broken link](/nowhere).'),
    );
    expect(found.map(located)).toEqual([{ file: 'pages/blog/first-article.md', line: 10, column: 17, path: '', code: 'broken-link' }]);
  });

  it('reports a redirect loop', async () => {
    const found = await problems((p) =>
      p
        .edit('pages/_redirects.yaml', '  - from: /blog/*', '  - from: /services/panels-old\n    to: /old-panels\n  - from: /blog/*')
        .then(() => p.edit('pages/_redirects.yaml', 'to: /services/panels', 'to: /services/panels-old')),
    );
    expect(found.map(located)).toEqual([
      { file: 'pages/_redirects.yaml', line: 4, column: 9, path: 'redirects[0].to', code: 'redirect-loop' },
      { file: 'pages/_redirects.yaml', line: 6, column: 9, path: 'redirects[1].to', code: 'redirect-loop' },
    ]);
    expect(found[0]!.message).toBe('redirect loop: /old-panels → /services/panels-old → /old-panels');
  });

  it('reports a redirect chain with the final target', async () => {
    const found = await problems((p) =>
      p.edit('pages/_redirects.yaml', '  - from: /blog/*', '  - from: /older-panels\n    to: /old-panels\n  - from: /blog/*'),
    );
    expect(found.map(located)).toEqual([{ file: 'pages/_redirects.yaml', line: 6, column: 9, path: 'redirects[1].to', code: 'redirect-chain' }]);
    expect(found[0]!.message).toBe('redirect chain: /older-panels → /old-panels → /services/panels');
    expect(found[0]!.hint).toBe('point it straight at /services/panels');
  });

  it('reports a redirect whose source is a page', async () => {
    const found = await problems((p) => p.edit('pages/_redirects.yaml', 'from: /old-panels', 'from: /services/'));
    expect(found.map(located)).toContainEqual({ file: 'pages/_redirects.yaml', line: 3, column: 11, path: 'redirects[0].from', code: 'redirect-shadows-page' });
  });

  it('reports a template that throws, naming the page and the template', async () => {
    const found = await problems((p) => p.edit('pages/services.yaml', 'heading: Services', 'heading: Services\nexplode: true'));
    expect(found.map(located)).toEqual([{ file: 'pages/services.yaml', line: 0, column: 0, path: '', code: 'render' }]);
    expect(found[0]!.message).toBe('the "page" template failed: the page asked to explode');
    // At the template's own line, though the theme runs as a bundle in node_modules/.cache and these tests do not enable source maps.
    const thrown = fixturePlace('templates/index.tsx', "new Error('the page asked to explode')");
    expect(found[0]!.hint).toBe(`thrown at templates/index.tsx:${thrown.line}:${thrown.column}, with this page's data`);
  });

  it('reports a template that does not compile at its line, not as a crash', async () => {
    const found = await problems((p) => p.edit('templates/index.tsx', '<h1>{page.heading}</h1>', '<h1>{page.heading}</h2>'));
    expect(found.map((d) => [d.file, d.line, d.code])).toEqual([
      ['templates/index.tsx', fixturePlace('templates/index.tsx', '<h1>{page.heading}</h1>').line, 'theme'],
    ]);
  });

  it('reports every problem at once, sorted by file and line', async () => {
    const found = await problems(async (p) => {
      await p.edit('site.yaml', 'href: /services', 'href: /nowhere');
      await p.edit('pages/services.yaml', 'heading: Services', 'heading: 12\ncolour: red');
      await p.edit('pages/index.yaml', 'title: Fixture home page', 'title: [');
    });
    expect(found.map((d) => `${d.file}:${d.line}`)).toEqual(['pages/index.yaml:3', 'pages/services.yaml:5', 'pages/services.yaml:6', 'site.yaml:6']);
  });
});
