// What a build writes, and what it leaves alone when it fails.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { appendFile, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'trn-site/internal/build.ts';
import { urlsOf } from 'trn-site/internal/html/page-facts.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';
import { summaryLine } from 'trn-site/internal/cli/diagnostics-text.ts';
import { openStaging, recover, writeOutput } from 'trn-site/internal/write/write.ts';
import { OUTPUT_MARKER } from 'trn-site/internal/write/output-folder.ts';
import { copyFixture, type Project, treesLeftBeside } from './helpers/fixture.ts';

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** Every file below `dir` but the output folder's marker, whose lines carry the times its build wrote each file. */
async function tree(dir: string, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = prefix + entry.name;
    if (path === OUTPUT_MARKER) continue;
    if (entry.isDirectory()) Object.assign(out, await tree(join(dir, entry.name), path + '/'));
    else out[path] = await readFile(join(dir, entry.name), 'latin1');
  }
  return out;
}

describe('build', () => {
  it('writes one file per route, 404.html, the CDN files, sitemap, robots and hashed assets', async () => {
    project = await copyFixture();
    const result = await build({ root: project.root });
    const files = Object.keys(await tree(join(project.root, 'dist'))).sort();
    expect(files.map((f) => f.replace(/-[A-Z0-9]{8}\.js$/, '-HASH.js'))).toEqual([
      '404.html',
      '_headers',
      '_redirects',
      'assets/hello-HASH.js',
      'blog/first-article.html',
      'images/dot.svg',
      'index.html',
      'robots.txt',
      'services.html',
      'services/panels.html',
      'sitemap.xml',
    ]);
    expect(result.stats.pages).toBe(5);
    const html = await project.read('dist/services/panels.html');
    expect(html.startsWith('<!DOCTYPE html><html lang="en-CA">')).toBe(true);
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/services/panels"/>');
  });

  it('lists every indexable page in the sitemap and nothing else', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const locs = [...(await project.read('dist/sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://fixture.example/',
      'https://fixture.example/blog/first-article',
      'https://fixture.example/services',
      'https://fixture.example/services/panels',
    ]);
  });

  it('writes the redirects with both slash forms, exact ones before patterns, and immutable caching for hashed assets', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    // The article the splat would catch passes through first, and its aliases go to it: Cloudflare Pages applies rules even where a file exists.
    expect((await project.read('dist/_redirects')).split('\n').slice(1)).toEqual([
      expect.stringMatching(/^# /),
      '/blog/first-article /blog/first-article 200',
      '/blog/first-article.html /blog/first-article 301',
      '/blog/first-article.html/ /blog/first-article 301',
      '/blog/first-article/ /blog/first-article 301',
      '/old-panels /services/panels 301',
      '/old-panels/ /services/panels 301',
      '/blog /services 302',
      '/blog/* /services 302',
      '',
    ]);
    expect(await project.read('dist/_headers')).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });

  it('sends one Content-Security-Policy allowing the inlined stylesheet by its hash and no inline code', async () => {
    project = await copyFixture();
    const { createHash } = await import('node:crypto');
    await build({ root: project.root });
    const css = /<style>([^<]*)<\/style>/.exec(await project.read('dist/index.html'))![1]!;
    const csp = /Content-Security-Policy: (.*)/.exec(await project.read('dist/_headers'))![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('refuses a template that writes a style attribute the policy would block', async () => {
    project = await copyFixture();
    await project.edit('templates/index.tsx', '<h1>{page.heading}</h1>', '<h1 style={{ color: "red" }}>{page.heading}</h1>');
    const error = (await build({ root: project.root }).catch((e: ContentError) => e)) as ContentError;
    expect(error.diagnostics.map((d) => d.code)).toEqual(['inline-code']);
  });

  it('uses --base-url over site.yaml for canonical links, sitemap and robots', async () => {
    project = await copyFixture();
    await build({ root: project.root, baseUrl: 'https://preview.example/' });
    expect(await project.read('dist/robots.txt')).toContain('Sitemap: https://preview.example/sitemap.xml');
    expect(await project.read('dist/index.html')).toContain('href="https://preview.example/"');
  });

  it('produces byte-identical output from the same input', async () => {
    project = await copyFixture();
    await build({ root: project.root, out: 'one' });
    await build({ root: project.root, out: 'two' });
    expect(await tree(join(project.root, 'two'))).toEqual(await tree(join(project.root, 'one')));
  });

  it('refuses an output folder that would replace the project or one of its folders', async () => {
    project = await copyFixture();
    const before = await tree(join(project.root, 'pages'));
    await project.write('notes/todo.txt', 'a folder of the project that is not a built site');
    for (const out of ['.', '..', 'pages', 'pages/blog', join(project.root, 'templates'), 'notes', 'node_modules/x', '.git']) {
      const error = await build({ root: project.root, out }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, out).toBeInstanceOf(ContentError);
      expect((error as ContentError).diagnostics).toMatchObject([{ file: '--out', code: expect.stringMatching(/^output-folder/) }]);
    }
    expect(await tree(join(project.root, 'pages'))).toEqual(before);
    expect(await readFile(join(project.root, 'site.yaml'), 'utf8')).toContain('baseUrl');
  });

  it('refuses, having written nothing, a dist/ whose built file was changed, replaced or linked by hand, or beside which one was added, whichever file and however it was built', async () => {
    project = await copyFixture();
    const dist = join(project.root, 'dist');
    // Each change of the built file at `file`; one that adds a file names it (else the built file is named).
    const changes: Record<string, (file: string) => Promise<string | void>> = {
      'edited, same size': async (file) => {
        const bytes = await readFile(file);
        bytes[0] = bytes[0] === 0x21 ? 0x22 : 0x21;
        await writeFile(file, bytes);
      },
      appended: (file) => appendFile(file, 'mine'),
      'replaced by a link': async (file) => {
        await rename(file, `${project!.root}/moved-away`);
        await symlink(`${project!.root}/moved-away`, file);
      },
      'a file added beside it': async (file) => {
        await writeFile(`${file}.notes.txt`, 'mine');
        return `${file}.notes.txt`;
      },
      'a folder of files added beside it': async (file) => {
        await mkdir(`${file}-mine`);
        await writeFile(`${file}-mine/a.txt`, 'mine');
        return `${file}-mine/a.txt`;
      },
    };
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.constantFrom(...Object.keys(changes)), fc.boolean(), async (pick, change, stream) => {
        await rm(dist, { recursive: true, force: true });
        await rm(`${project!.root}/moved-away`, { force: true });
        await build({ root: project!.root, stream });
        await build({ root: project!.root, stream });
        const files = Object.keys(await tree(dist)).sort();
        const file = files[pick % files.length]!;
        const added = await changes[change]!(join(dist, file));
        const named = added ? relative(dist, added) : file;
        const before = await tree(dist);
        const error = await build({ root: project!.root, stream }).catch((e: unknown) => e);
        expect(error, `${file} ${change}`).toBeInstanceOf(ContentError);
        expect((error as ContentError).diagnostics).toMatchObject([{ file: '--out', code: 'output-folder-added' }]);
        expect((error as ContentError).diagnostics[0]!.message).toContain(JSON.stringify(named));
        expect(await tree(dist)).toEqual(before);
        expect(await treesLeftBeside(project!.root)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('leaves the previous dist/ untouched when the content is wrong', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    await project.edit('pages/services.yaml', 'heading: Services', 'headng: Services');
    await expect(build({ root: project.root })).rejects.toBeInstanceOf(ContentError);
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
  });

  it('leaves the previous dist/ untouched when a template throws midway through rendering', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    await project.edit('pages/services.yaml', 'heading: Services', 'heading: Changed\nexplode: true');
    await expect(build({ root: project.root })).rejects.toThrow(ContentError);
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('leaves the previous dist/ untouched when writing fails midway', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    // The disk fails on the third file: the first two are written to the staging tree, then it is dropped.
    const files = [
      { path: 'index.html', contents: 'new' },
      { path: 'about.html', contents: 'new' },
      { path: 'broken.html', contents: 42 as unknown as string },
    ];
    await expect(writeOutput(join(project.root, 'dist'), files)).rejects.toThrow();
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('streams the same tree as it writes whole, and keeps only the facts of streamed pages', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const whole = await tree(join(project.root, 'dist'));
    const streamed = await build({ root: project.root, stream: true });
    expect(await tree(join(project.root, 'dist'))).toEqual(whole);
    expect(streamed.pages.map((p) => p.html)).toEqual(streamed.pages.map(() => ''));
    expect(urlsOf(streamed.pages.find((p) => p.route === '/')!.facts).length).toBeGreaterThan(0);
    expect(streamed.stats.bytes).toBe((await build({ root: project.root, write: false })).stats.bytes);
  });

  it('leaves the previous dist/ untouched, and nothing beside it, when a streaming build fails after writing pages', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    // The pages before it are written to the new tree before the template throws.
    await project.edit('pages/services.yaml', 'heading: Services', 'heading: Changed\nexplode: true');
    await expect(build({ root: project.root, stream: true })).rejects.toThrow(ContentError);
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('drops the new tree when a streamed write fails', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    const staging = await openStaging(join(project.root, 'dist'));
    staging.write('index.html', 'new');
    staging.write('broken.html', 42 as unknown as string);
    await expect(staging.commit([{ path: 'robots.txt', contents: 'x' }])).rejects.toThrow();
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('refuses script, frames and handlers written in an article at their lines, and writes nothing', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    await project.edit(
      'pages/blog/first-article.md',
      '- one',
      '<script>window.__pwned=1</script>\n\n<iframe srcdoc="<script>x</script>"></iframe>\n\n- one <img src="/images/dot.svg" onerror="y()">',
    );
    const error = (await build({ root: project.root }).catch((e: ContentError) => e)) as ContentError;
    expect(error).toBeInstanceOf(ContentError);
    expect(error.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['unsafe-html', 'pages/blog/first-article.md', 10, 1],
      ['unsafe-html', 'pages/blog/first-article.md', 12, 1],
      ['unsafe-html', 'pages/blog/first-article.md', 14, 34],
    ]);
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
  });

  it('renders nothing of an article outside the allow-list, and the policy hashes no content, even without the rule', async () => {
    project = await copyFixture();
    await project.edit('pages/blog/first-article.md', '- one', '<script>window.__pwned=1</script>\n\n<style>body{display:none}</style>\n\n- one');
    const refused = (await build({ root: project.root, write: false }).catch((e: ContentError) => e)) as ContentError;
    expect(refused.diagnostics.map((d) => d.code)).toEqual(['unsafe-html', 'unsafe-html']);
    // The render on its own, as if the rule had missed it:
    const { render } = await import('trn-site/internal/render/render.ts');
    const { loadTheme } = await import('trn-site/internal/load/theme.ts');
    const { load } = await import('trn-site/internal/load/load.ts');
    const { validate, compileValidators } = await import('trn-site/internal/validate/validate.ts');
    const theme = await loadTheme(project.root);
    const { model } = await validate(await load(project.root), theme, compileValidators(theme));
    const article = render(model, theme, { css: '', scripts: {} }).pages.find((p) => p.route === '/blog/first-article')!;
    expect(article.html).not.toContain('__pwned');
    expect(article.html).not.toContain('display:none');
    expect(article.facts.inline.scripts).toEqual([]);
  });

  it('refuses a static file that would overwrite generated output', async () => {
    project = await copyFixture();
    await project.write('static/robots.txt', 'User-agent: *');
    await project.write('static/services.html', '<p>clash</p>');
    const error = await build({ root: project.root }).catch((e: ContentError) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([
      ['static/robots.txt', 'output-clash', 'writes dist/robots.txt, which the build also writes'],
      ['static/services.html', 'output-clash', 'writes dist/services.html, which pages/services.yaml also writes'],
    ]);
  });

  it('restores the previous dist/ after a build killed between its two renames', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const before = await tree(join(project.root, 'dist'));
    // What a kill leaves: the old tree set aside by a process that no longer runs, a half-written new one.
    const { rename } = await import('node:fs/promises');
    await rename(join(project.root, 'dist'), join(project.root, '.dist-old-999999-abcd'));
    await mkdir(join(project.root, '.dist-new-999999-ef01'));
    await writeFile(join(project.root, '.dist-new-999999-ef01', 'index.html'), 'half');
    await recover(join(project.root, 'dist'));
    expect(await tree(join(project.root, 'dist'))).toEqual(before);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('leaves drafts and articles dated after the build day out of pages and sitemap, and publishes them with drafts', async () => {
    project = await copyFixture();
    const article = await project.read('pages/blog/first-article.md');
    await project.write('pages/blog/draft-article.md', article.replace('title: The first article', 'title: A draft article\ndraft: true'));
    await project.write(
      'pages/blog/next-article.md',
      article.replace('title: The first article', 'title: An article for later').replace('publishDate: 2024-03-05', 'publishDate: 2024-03-06'),
    );
    const published = await build({ root: project.root, today: '2024-03-05', write: false });
    expect(published.pages.map((p) => p.route).filter((r) => r.startsWith('/blog/'))).toEqual(['/blog/first-article']);
    const sitemap = String(published.files.find((f) => f.path === 'sitemap.xml')!.contents);
    expect(sitemap).not.toContain('draft-article');
    expect(sitemap).not.toContain('next-article');
    const preview = await build({ root: project.root, today: '2024-03-05', drafts: true, write: false });
    expect(
      preview.pages
        .map((p) => p.route)
        .filter((r) => r.startsWith('/blog/'))
        .sort(),
    ).toEqual(['/blog/draft-article', '/blog/first-article', '/blog/next-article']);
    // On the day itself, the scheduled article is out.
    const later = await build({ root: project.root, today: '2024-03-06', write: false });
    expect(
      later.pages
        .map((p) => p.route)
        .filter((r) => r.startsWith('/blog/'))
        .sort(),
    ).toEqual(['/blog/first-article', '/blog/next-article']);
  });

  it('writes the editor schemas', async () => {
    project = await copyFixture();
    await build({ root: project.root });
    const schema = JSON.parse(await project.read('schemas/page.json'));
    expect(schema.required).toEqual(['template', 'title', 'description', 'heading']);
    expect(schema.properties.template.const).toBe('page');
  });
});

describe('summary line', () => {
  it.each([
    [{ pages: 7, bytes: 212_400, milliseconds: 318 }, 'Built 7 pages, 212.4 kB in 318 ms → dist'],
    [{ pages: 1, bytes: 999, milliseconds: 5 }, 'Built 1 page, 999 B in 5 ms → dist'],
    [{ pages: 120, bytes: 2_345_678, milliseconds: 1200 }, 'Built 120 pages, 2.35 MB in 1200 ms → dist'],
  ])('%o', (stats, line) => {
    expect(summaryLine(stats, 'dist')).toBe(line);
  });
});
