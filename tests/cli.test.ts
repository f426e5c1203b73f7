// The `site` command as an editor runs it.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { OUTPUT_MARKER } from 'trn-site/internal/write/output-folder.ts';
import { copyFixture, fixturePlace, type Project, treesLeftBeside } from './helpers/fixture.ts';

const bin = resolve('bin/site.js');
const run = promisify(execFile);

async function site(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return siteWith({}, cwd, ...args);
}

async function siteWith(env: Record<string, string>, cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', SITE_BASE_URL: '', ...env },
      timeout: 60_000,
    });
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

describe('site build', () => {
  it('refuses a cache folder that cannot be one at SITE_CACHE_DIR, at once, and writes nothing (a folder under /proc hung, a file was blamed on --out)', async () => {
    project = await copyFixture();
    for (const [chosen, why] of [
      ['/proc/nope', 'no folder can be made there'],
      ['site.yaml', 'a file stands there, not a folder'],
      ['dist/cache', 'it is the output folder or inside it'],
    ] as const) {
      const { code, stderr } = await siteWith({ SITE_CACHE_DIR: chosen }, project.root, 'build', '--quiet');
      expect(code, stderr).toBe(1);
      expect(stderr).toMatch(new RegExp(`^SITE_CACHE_DIR\\s+cannot keep the build's cache in "${chosen}": ${why}`, 'm'));
      expect(stderr).toContain('nothing was written');
    }
    await expect(readdir(join(project.root, 'dist'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('writes the same site on several render threads as on one, and reports a template that throws on another thread', async () => {
    project = await copyFixture();
    const files = async () => {
      const dist = join(project!.root, 'dist');
      // The output folder's marker says when its build wrote each file: the site is everything else.
      const names = (await readdir(dist, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && !(e.name === OUTPUT_MARKER && e.parentPath === dist))
        .map((e) => join(e.parentPath, e.name));
      return Object.fromEntries(await Promise.all(names.sort().map(async (name) => [name, await readFile(name, 'latin1')])));
    };
    expect((await site(project.root, 'build', '--quiet', '--threads', '1')).code).toBe(0);
    const one = await files();
    expect((await site(project.root, 'build', '--quiet', '--threads', '3')).code).toBe(0);
    expect(await files()).toEqual(one);
    // /services is the second page: the first thread that is not this one renders it.
    await project.edit('pages/services.yaml', 'heading: Services', 'heading: Changed\nexplode: true');
    const failed = await site(project.root, 'build', '--threads', '3');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('pages/services.yaml');
    expect(failed.stderr).toContain('the page asked to explode');
    expect(await files()).toEqual(one);
    expect(await treesLeftBeside(project.root)).toEqual([]);
    // A check renders on threads too, writing nothing, and reports the same.
    const checked = await site(project.root, 'check', '--no-types', '--threads', '3');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain('the page asked to explode');
    expect(await files()).toEqual(one);
    expect((await site(project.root, 'build', '--threads', '0')).stderr).toContain('It takes a whole number from 1 to 64, or auto.');
  });

  it('parses a large site the parse cache has not seen on several threads with the same result as on one', async () => {
    project = await copyFixture();
    // Enough texts that the other thread has started before this one has parsed them all; letters of
    // two, three and four bytes in UTF-8, in some texts and not others, so each text's place among the
    // shared bytes is counted in bytes.
    for (let i = 0; i < 2000; i++) {
      const n = String(i).padStart(4, '0');
      const accent = ['', ' — café', ' № 𝟘'][i % 3];
      await project.write(
        `pages/many/p-${n}.yaml`,
        `# yaml-language-server: $schema=../../schemas/page.json\ntemplate: page\ntitle: Page ${n} of many${accent}\ndescription: The page numbered ${n}, one of enough pages that parsing them is shared out between threads.\nheading: Page ${n}\n`,
      );
    }
    const pages = async () =>
      Promise.all(Array.from({ length: 2000 }, (_, i) => readFile(join(project!.root, `dist/many/p-${String(i).padStart(4, '0')}.html`), 'utf8')));
    const cold = async (...args: string[]) => {
      await rm(join(project!.root, 'node_modules/.cache/site'), { recursive: true, force: true });
      const run = await site(project!.root, ...args);
      return { ...run, stderr: run.stderr, stdout: run.stdout.replace(/in \d+ ms/, 'in N ms') };
    };
    const one = await cold('build', '--threads', '1');
    const onOne = await pages();
    expect(onOne[1999]).toContain('Page 1999 of many — café');
    const two = await cold('build', '--threads', '2');
    expect(two).toEqual(one);
    expect(one.code).toBe(0);
    expect(await pages()).toEqual(onOne);
    // The profile shows the shared-out parsing as a stage of its own.
    expect((await cold('build', '--verbose', '--threads', '2')).stdout).toMatch(/stages: .*parse \d+ ms/);
    expect((await cold('build', '--verbose', '--threads', '1')).stdout).not.toMatch(/parse \d+ ms/);
    // A text with a problem is parsed again where its diagnostics are made.
    await project.write('pages/many/p-0100.yaml', '# yaml-language-server: $schema=../../schemas/page.json\ntemplate: page\ntitle: [Page 100\n');
    const brokenOne = await cold('check', '--no-types', '--threads', '1');
    expect(brokenOne.code).toBe(1);
    expect(brokenOne.stderr).toContain('pages/many/p-0100.yaml:3:8');
    expect(await cold('check', '--no-types', '--threads', '2')).toEqual(brokenOne);
    // Six cold processes of 2,000 pages, each bundling the engine again: tens of seconds on a busy machine.
  }, 180_000);

  it('puts back the last complete build that a killed build set aside, whatever the next command is', async () => {
    project = await copyFixture();
    expect((await site(project.root, 'build', '--quiet')).code).toBe(0);
    const index = await readFile(join(project.root, 'dist/index.html'), 'utf8');
    const { mkdir, rename, writeFile } = await import('node:fs/promises');
    // What a kill between the swap's two renames leaves: the old tree set aside, a half-written new one.
    await rename(join(project.root, 'dist'), join(project.root, '.dist-old-999999-abcd'));
    await mkdir(join(project.root, '.dist-new-999999-ef01'));
    await writeFile(join(project.root, '.dist-new-999999-ef01', 'index.html'), 'half');
    expect((await site(project.root, 'check', '--no-types')).code).toBe(0);
    expect(await readFile(join(project.root, 'dist/index.html'), 'utf8')).toBe(index);
    expect(await treesLeftBeside(project.root)).toEqual([]);
  });

  it('prints one summary line', async () => {
    project = await copyFixture();
    const { code, stdout, stderr } = await site(project.root, 'build');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Built 5 pages, [\d.]+ kB in \d+ ms → dist\n$/);
  });

  it('prints nothing with --quiet, and pages, script sizes and the stage profile with --verbose', async () => {
    project = await copyFixture();
    expect((await site(project.root, 'build', '--quiet')).stdout).toBe('');
    const { stdout } = await site(project.root, 'build', '--verbose', '--out', 'public');
    expect(stdout).toContain('/services/panels');
    expect(stdout).toMatch(/assets\/hello-[A-Z0-9]{8}\.js\s+\d+ B, \d+ B gzip/);
    expect(stdout).toMatch(/→ public\n$/);
    // The profile: time and the process's size after each stage, and the peak.
    expect(stdout).toMatch(/ {2}stages: theme \d+ ms \(\d+ MB\), .*render \d+ ms \(\d+ MB\).*; peak \d+ MB\n/);
  });

  it('answers a typo with one located error line and leaves dist/ as it was', async () => {
    project = await copyFixture();
    await site(project.root, 'build');
    const before = await readFile(join(project.root, 'dist/services.html'), 'utf8');
    await project.edit('pages/services.yaml', 'heading: Services', 'headng: Services');
    const { code, stdout, stderr } = await site(project.root, 'build');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      'pages/services.yaml:5:1  headng  unknown field "headng"; did you mean "heading"?',
      '1 error in 1 file; nothing was written.',
    ]);
    expect(await readFile(join(project.root, 'dist/services.html'), 'utf8')).toBe(before);
  });

  it('says where a template threw: the page, the template, the error and the template’s own line', async () => {
    project = await copyFixture();
    await project.edit('pages/services.yaml', 'heading: Services', 'heading: Services\nexplode: true');
    const { code, stderr } = await site(project.root, 'build');
    expect(code).toBe(1);
    const thrown = fixturePlace('templates/index.tsx', "new Error('the page asked to explode')");
    expect(stderr.trim().split('\n')).toEqual([
      `pages/services.yaml  the "page" template failed: the page asked to explode; thrown at templates/index.tsx:${thrown.line}:${thrown.column}, with this page's data`,
      '1 error in 1 file; nothing was written.',
    ]);
  });

  it('takes the base URL from SITE_BASE_URL', async () => {
    project = await copyFixture();
    const { code } = await run(process.execPath, [bin, 'build', '-q'], {
      cwd: project.root,
      env: { ...process.env, SITE_BASE_URL: 'https://env.example' },
    }).then(() => ({ code: 0 }));
    expect(code).toBe(0);
    expect(await project.read('dist/robots.txt')).toContain('https://env.example/sitemap.xml');
  });
});

// The basic fixture's theme takes its types from the engine by a relative path that a copy in a
// temporary folder cannot reach; these tests are about content, so they leave the type check out
// (the typed fixture is the one for it, below).
describe('site check', () => {
  it('exits 0 and says so on good content', async () => {
    project = await copyFixture();
    expect(await site(project.root, 'check', '--no-types')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
  });

  it('works from a folder inside the project, and counts what it found', async () => {
    project = await copyFixture();
    await project.edit('pages/index.yaml', 'href: /services\n', 'href: /nowhere\n');
    const { code, stderr } = await site(join(project.root, 'pages', 'blog'), 'check', '--no-types');
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'pages/index.yaml:8:11  links[0].href  link to /nowhere, which is neither a page nor a redirect; add the page, add a redirect in pages/_redirects.yaml, or fix the link',
      '1 error in 1 file.',
    ]);
  });

  it('passes warnings with a note, and fails them under --strict', async () => {
    project = await copyFixture();
    await project.edit('pages/services.yaml', 'href: /services/panels', 'href: /old-panels');
    const relaxed = await site(project.root, 'check', '--no-types');
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toBe('1 warning in 1 file.\n');
    expect(relaxed.stderr).toContain('pages/services.yaml:8:11  links[0].href  warning "/old-panels" is redirected to /services/panels');
    const strict = await site(project.root, 'check', '--strict', '--no-types');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('pages/services.yaml:8:11  links[0].href  "/old-panels" is redirected to /services/panels');
  });

  it('prints diagnostics as JSON for CI tools', async () => {
    project = await copyFixture();
    await project.edit('pages/index.yaml', 'href: /services\n', 'href: /nowhere\n');
    const { code, stdout } = await site(project.root, 'check', '--format', 'json', '--no-types');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      errors: 1,
      warnings: 0,
      diagnostics: [
        {
          file: 'pages/index.yaml',
          line: 8,
          column: 11,
          path: 'links[0].href',
          severity: 'error',
          code: 'broken-link',
          message: 'link to /nowhere, which is neither a page nor a redirect',
          hint: 'add the page, add a redirect in pages/_redirects.yaml, or fix the link',
        },
      ],
    });
  });

  it('writes nothing', async () => {
    project = await copyFixture();
    await site(project.root, 'check', '--no-types');
    await expect(readFile(join(project.root, 'dist/index.html'))).rejects.toThrow();
  });
});

describe('site check <files>', () => {
  it('reports on the named files and on problems elsewhere about them, and exits on those alone', async () => {
    project = await copyFixture();
    // A link in the home page to the services page, costing a redirect: a warning about /services.
    await project.edit('pages/index.yaml', 'href: /services\n', 'href: /services/\n');
    // An error in another page, which links nowhere.
    await project.edit('pages/services/panels.yaml', 'heading: Panel upgrades', 'heading: Panel upgrades\nlinks:\n  - label: Lost\n    href: /nowhere');
    expect((await site(project.root, 'check', '--no-types')).code).toBe(1);

    const services = await site(project.root, 'check', '--no-types', 'pages/services.yaml');
    expect(services.code).toBe(0);
    expect(services.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^pages\/index\.yaml:8:11 {2}links\[0\]\.href {2}warning "\/services\/" ends in a slash/),
    ]);
    expect(services.stdout).toBe('1 warning in 1 file.\n');

    // Paths are relative to the current folder.
    const panels = await site(join(project.root, 'pages'), 'check', '--no-types', 'services/panels.yaml');
    expect(panels.code).toBe(1);
    expect(panels.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^pages\/services\/panels\.yaml:8:11 {2}links\[0\]\.href {2}link to \/nowhere/),
      '1 error in 1 file.',
    ]);
  });

  it('refuses a file that does not exist and one outside the project', async () => {
    project = await copyFixture();
    const missing = await site(project.root, 'check', '--no-types', 'pages/servces.yaml');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('pages/servces.yaml  there is no such file or folder to check; name files of the project, relative to the current folder');
    const outside = await site(project.root, 'check', '--no-types', '../');
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('cannot check a file outside the project');
  });
});

describe('site check, type-checking the templates', () => {
  it('reports a misspelt field at the template’s line and fails; --no-types skips the check', async () => {
    project = await copyFixture('typed');
    await project.edit('templates/pages/page.tsx', '<h1>{page.heading}</h1>', '<h1>{page.yeer}</h1>');
    const { code, stderr } = await site(project.root, 'check');
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^templates\/pages\/page\.tsx:21:19 {2}the template reads a field its data does not have, which would render as empty text: Property 'yeer' does not exist/,
    );
    expect(lines[1]).toBe('1 error in 1 file.');
    // The second run reads the kept result and says the same.
    expect((await site(project.root, 'check')).stderr).toBe(stderr);
    expect(await site(project.root, 'check', '--no-types')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
  });

  it('passes the fixture as it is', async () => {
    project = await copyFixture('typed');
    expect(await site(project.root, 'check')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
  });
});

describe('site serve', () => {
  it('refuses a folder with no built site, saying what to run', async () => {
    project = await copyFixture();
    const { code, stderr } = await site(project.root, 'serve', '--port', '0');
    expect(code).toBe(1);
    expect(stderr).toContain('run `npx site build` first');
  });

  it('says the port is taken instead of printing a stack', async () => {
    project = await copyFixture();
    await site(project.root, 'build', '--quiet');
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = String((taken.address() as { port: number }).port);
    try {
      const { code, stderr } = await site(project.root, 'serve', '--port', port);
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(stderr).not.toContain('    at ');
    } finally {
      taken.close();
    }
  });

  it('refuses a port that is not a number', async () => {
    const { code, stderr } = await site('.', 'serve', '--port', 'abc');
    expect(code).toBe(1);
    expect(stderr).toContain('a port is a whole number');
  });
});

describe('help and version', () => {
  it.each([['build'], ['check'], ['serve'], ['report']])('site %s --help describes its options and ends with examples of it', async (command) => {
    const { code, stdout } = await site('.', command, '--help');
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: site ${command}`);
    const examples = stdout.slice(stdout.indexOf('\nExamples:\n'));
    expect(examples.match(/^ {2}\$ site .+$/gm)!.length).toBeGreaterThanOrEqual(2);
    expect(examples).toContain(`$ site ${command}`);
  });

  it('site --help ends with examples', async () => {
    const { code, stdout } = await site('.', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/\nExamples:\n {2}\$ site build && site serve\n/);
  });

  it('site --version prints the package version', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8'));
    expect((await site('.', '--version')).stdout.trim()).toBe(version);
  });

  it('no command at all prints the help and exits non-zero', async () => {
    const { code, stderr } = await site('.');
    expect(code).toBe(1);
    expect(stderr).toContain('Usage: site');
  });

  it('an unknown command exits non-zero with help', async () => {
    const { code, stderr } = await site('.', 'biuld');
    expect(code).toBe(1);
    expect(stderr).toContain('unknown command');
  });
});
