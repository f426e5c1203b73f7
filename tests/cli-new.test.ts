// `site new` as an editor runs it, in a copy of the fixture project: the file
// it writes, what it prints, and what it refuses.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { copyFixture, type Project } from './helpers/fixture.ts';
import { dayOf } from 'trn-site/internal/validate/publication.ts';

const bin = resolve('bin/site.js');
const run = promisify(execFile);

async function site(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', SITE_BASE_URL: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('site new <template> <route>', () => {
  it('writes a page to fill in, says so and what comes next; the check then names each placeholder', async () => {
    project = await copyFixture();
    const made = await site(project.root, 'new', 'page', '/services/wiring');
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toBe(
      'Wrote pages/services/wiring.yaml: a page using the template "page" for /services/wiring, with 3 placeholders marked TODO:.\n' +
        'Next: edit it (write over the placeholders, take up any optional field you want), then run npx site check.\n',
    );
    const text = await project.read('pages/services/wiring.yaml');
    expect(text.split('\n').slice(0, 2)).toEqual(['# yaml-language-server: $schema=../../schemas/page.json', 'template: page']);
    expect(parse(text)).toMatchObject({ template: 'page', title: 'TODO: title', heading: 'TODO: heading' });

    const checked = await site(project.root, 'check', '--no-types');
    expect(checked.code).toBe(1);
    expect(
      checked.stderr
        .trim()
        .split('\n')
        .map((line) => line.split('  ').slice(0, 2).join('  ')),
    ).toEqual([
      'pages/services/wiring.yaml:7:8  title',
      'pages/services/wiring.yaml:10:14  description',
      'pages/services/wiring.yaml:16:10  heading',
      '3 errors in 1 file.',
    ]);
    expect(checked.stderr).toContain('still holds the placeholder "TODO: heading" that site new wrote; write the real text in its place');
  });

  it('writes the home page at pages/index.yaml when there is none, from a folder inside the project', async () => {
    project = await copyFixture();
    await rm(join(project.root, 'pages/index.yaml'));
    const made = await site(join(project.root, 'pages'), 'new', 'page', '/');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Wrote pages\/index\.yaml: a page using the template "page" for \/,/);
    expect((await project.read('pages/index.yaml')).split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/page.json');
  });

  it('never replaces a file, and writes nothing', async () => {
    project = await copyFixture();
    const before = await project.read('pages/services.yaml');
    expect(await site(project.root, 'new', 'page', '/services')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Nothing was written: pages/services.yaml already exists; site new never replaces a file. Edit it, or pick another address.\n',
    });
    expect(await project.read('pages/services.yaml')).toBe(before);
  });

  it('refuses names one step off in one plain line, never a stack, and writes nothing', async () => {
    project = await copyFixture();
    await project.write('pages/blocker', 'a file where a folder would go');
    const names: [string, string][] = [
      ['article', 'a'.repeat(300)],
      ['article', ''],
      ['article', '..'],
      ['article', 'a/b'],
      ['article', 'two words'],
      ['article', 'café'],
      ['page', `/${'x'.repeat(60)}/`.repeat(10)],
      ['page', '/blocker/page'],
    ];
    for (const [kind, name] of names) {
      const { code, stdout, stderr } = await site(project.root, 'new', kind, name);
      expect({ code, stdout }, name).toEqual({ code: 1, stdout: '' });
      expect(stderr, name).toMatch(/^Nothing was written: [^\n]+\.\n$/);
    }
    expect(existsSync(join(project.root, 'pages/blocker/page.yaml'))).toBe(false);
  });

  it('lists the templates for one it does not know', async () => {
    project = await copyFixture();
    expect(await site(project.root, 'new', 'service', '/x')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Nothing was written: there is no template "service". The templates are: page, article.\n',
    });
    expect(existsSync(join(project.root, 'pages/x.yaml'))).toBe(false);
  });

  it('says in plain words what is wrong with a route', async () => {
    project = await copyFixture();
    const { code, stderr } = await site(project.root, 'new', 'page', '/Services/Heat Pumps');
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Nothing was written: "Services" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /services/heat-pumps.\n',
    );
  });

  it('has examples in its help', async () => {
    const { code, stdout } = await site('.', 'new', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: site new [options] <template> <route>');
    expect(stdout).toMatch(/Examples:\n {2}\$ npx site new \S+ \/\S+\n/);
    expect(stdout).toContain('for a template of Markdown pages: writes pages/');
  });
});

describe('site new <Markdown template> <route>', () => {
  it('writes a draft .md file dated today at the route, which keeps the site as it was', async () => {
    project = await copyFixture();
    const made = await site(project.root, 'new', 'article', '/blog/heat-pumps');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      /^Wrote pages\/blog\/heat-pumps\.md: a draft using the template "article" for \/blog\/heat-pumps, dated today, with 2 placeholders marked TODO:\.\nNext: /,
    );
    const text = await project.read('pages/blog/heat-pumps.md');
    const front = parse(text.split('---\n')[1]!);
    expect(front).toEqual({ template: 'article', draft: true, title: 'TODO: title', publishDate: dayOf(new Date()) });
    expect(text).toMatch(/---\n\nTODO: write the page here/);
    expect(await site(project.root, 'check', '--no-types')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
    const titleLine = text.split('\n').indexOf('title: "TODO: title"') + 1;
    expect(titleLine).toBeGreaterThan(1);
    expect((await site(project.root, 'check', '--no-types', '--drafts')).stderr).toContain(
      `pages/blog/heat-pumps.md:${titleLine}:8  title  still holds the placeholder "TODO: title"`,
    );
  });

  it('never replaces a page, and says what is wrong with a route', async () => {
    project = await copyFixture();
    expect(await site(project.root, 'new', 'article', '/blog/first-article')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('pages/blog/first-article.md already exists'),
    });
    expect(await site(project.root, 'new', 'article', 'blog/x')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('an address starts with "/": write /blog/x'),
    });
  });
});
