// A build that finds the cache folder of an earlier one (the parse cache, the compiled
// validators, the theme's and the client's bundles, photos and share cards, the pages it rendered)
// must write what a build without it writes. Sequences of an editor's and a developer's edits are generated
// (pages, posts added, deleted and renamed, site.yaml, the template, the client script, the
// stylesheet, photos, the output folder deleted); after each edit the project is built warm, as it is, and cold, with
// its cache folder set aside, and the two must agree to the byte: the exit code, every
// problem reported, every file written.
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from 'trn-site/internal/write/output-folder.ts';
import { cameraPhoto } from './helpers/camera-photo.ts';
import { copyFixture, type Project } from './helpers/fixture.ts';

const bin = resolve('bin/site.js');
const run = promisify(execFile);

interface Outcome {
  code: number;
  problems: string;
  files: Record<string, string>;
}

/**
 * Builds `root` into `out` with the CLI, in a process of its own, as an editor does; on `threads` threads
 * (a large site's build renders on several, each taking its share of the pages kept by the last build).
 */
async function build(root: string, out: string, env: Record<string, string> = {}, threads = 1): Promise<Outcome> {
  let code = 0;
  let problems = '';
  try {
    const args = [bin, 'build', '--quiet', '--out', out, '--threads', String(threads)];
    await run(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', SITE_BASE_URL: '', ...env } });
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    code = failed.code;
    // The output folder's name is the one thing the two builds are told differently.
    problems = failed.stderr.split(out).join('<out>');
  }
  return { code, problems, files: await filesOf(join(root, out)) };
}

/** Every file of a built tree but the build's own marker, by path. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isFile() && !(e.name === OUTPUT_MARKER && e.parentPath === dir)).map((e) => join(e.parentPath, e.name));
  const files: Record<string, string> = {};
  for (const name of names.sort()) files[name.slice(dir.length + 1)] = await readFile(name, 'latin1');
  return files;
}

/** A build with the cache folder of earlier builds set aside (and put back after), into a folder no build wrote. */
async function coldBuild(root: string): Promise<Outcome> {
  const cache = join(root, 'node_modules', '.cache', 'site');
  const aside = `${cache}-aside`;
  await rename(cache, aside).catch(() => undefined);
  try {
    await rm(join(root, 'cold'), { recursive: true, force: true });
    return await build(root, 'cold');
  } finally {
    await rm(cache, { recursive: true, force: true });
    await rename(aside, cache).catch(() => undefined);
  }
}

/** Words an edit writes: plain, with markup characters, accented. */
const word = fc.constantFrom('Panels', 'Wiring & lights', '<b>bold</b>', 'Électricité', 'x', 'A "quoted" word');

interface Edit {
  name: string;
  apply: (project: Project) => Promise<void>;
}

/** Posts the sequence may add, delete and rename: first-article stays, as the home page links it. */
async function posts(project: Project): Promise<string[]> {
  return (await readdir(join(project.root, 'pages/blog'))).filter((name) => name !== 'first-article.md').sort();
}

async function replaceIn(project: Project, file: string, pattern: RegExp, to: string): Promise<void> {
  const text = await project.read(file);
  await project.write(file, text.replace(pattern, to));
}

const edits: fc.Arbitrary<Edit>[] = [
  word.map((w) => ({ name: `page heading ${w}`, apply: (p) => replaceIn(p, 'pages/services.yaml', /^heading: .*$/m, `heading: ${JSON.stringify(w)}`) })),
  word.map((w) => ({ name: `site name ${w}`, apply: (p) => replaceIn(p, 'site.yaml', /^name: .*$/m, `name: ${JSON.stringify(w)}`) })),
  fc.constant({ name: 'nav link added', apply: (p) => replaceIn(p, 'site.yaml', /^nav:\n/m, 'nav:\n  - label: Panels\n    href: /services/panels\n') }),
  fc.tuple(fc.integer({ min: 1, max: 5 }), word, fc.boolean()).map(([n, w, photo]) => ({
    name: `post ${n} written${photo ? ' with a photo' : ''}`,
    apply: async (p: Project) => {
      // As an editor adds a post with a photo: the photo comes with it (a later "photo deleted" still leaves it pointing at nothing).
      if (photo && !existsSync(join(p.root, 'static/images/photo.png'))) {
        await mkdir(join(p.root, 'static/images'), { recursive: true });
        await writeFile(join(p.root, 'static/images/photo.png'), await cameraPhoto('png', 48 + n, 40, n));
      }
      await p.write(
        `pages/blog/post-${n}.md`,
        `---\ntemplate: article\ntitle: ${JSON.stringify(`Post ${n}: ${w}`)}\npublishDate: 2024-04-0${n}\n---\nAbout ${w.replace(/[<>]/g, '')}, see [services](/services).\n${photo ? '\n![A photo of a panel](/images/photo.png)\n' : ''}`,
      );
    },
  })),
  fc.nat().map((pick) => ({
    name: `a post deleted (${pick})`,
    apply: async (p: Project) => {
      const list = await posts(p);
      if (list.length > 0) await rm(join(p.root, 'pages/blog', list[pick % list.length]!));
    },
  })),
  fc.tuple(fc.nat(), fc.integer({ min: 6, max: 9 })).map(([pick, n]) => ({
    name: `a post renamed to post-${n}`,
    apply: async (p: Project) => {
      const list = await posts(p);
      if (list.length > 0) await rename(join(p.root, 'pages/blog', list[pick % list.length]!), join(p.root, `pages/blog/post-${n}.md`));
    },
  })),
  word.map((w) => ({
    name: `template text ${w}`,
    apply: (p) => replaceIn(p, 'templates/index.tsx', /<body>(\{'[^']*'\})?/, `<body>{'${w.replace(/'/g, '')}'}`),
  })),
  word.map((w) => ({
    name: `client script ${w}`,
    apply: (p) => p.write('templates/client/hello.ts', `document.documentElement.dataset.enhanced = ${JSON.stringify(w)};\n`),
  })),
  fc.integer({ min: 0, max: 0xffffff }).map((color) => ({
    name: `stylesheet colour ${color}`,
    apply: (p) => replaceIn(p, 'templates/style.css', /h1 \{ color: #[0-9a-f]{6}; \}/, `h1 { color: #${color.toString(16).padStart(6, '0')}; }`),
  })),
  fc.integer({ min: 1, max: 50 }).map((seed) => ({
    name: `photo ${seed}`,
    apply: async (p: Project) => {
      await mkdir(join(p.root, 'static/images'), { recursive: true });
      await writeFile(join(p.root, 'static/images/photo.png'), await cameraPhoto('png', 48 + seed, 40, seed));
    },
  })),
  // Another file that serves the same route: the page is the same, the file its problems are reported at is not.
  fc.constant({
    name: 'a page renamed, its route kept',
    apply: async (p: Project) => {
      const [from, to] = existsSync(join(p.root, 'pages/services/panels.yaml')) ? ['panels.yaml', 'panels.yml'] : ['panels.yml', 'panels.yaml'];
      await rename(join(p.root, 'pages/services', from), join(p.root, 'pages/services', to));
    },
  }),
  fc.constant({ name: 'photo deleted', apply: (p: Project) => rm(join(p.root, 'static/images/photo.png'), { force: true }) }),
  // The pages a build takes from the last output must come from there: with none, each is rendered.
  fc.constant({ name: 'output folder deleted', apply: (p: Project) => rm(join(p.root, 'dist'), { recursive: true, force: true }) }),
];

/** Dates every file of the project (its packages and outputs aside) a minute back, as if edited a while ago. */
async function writtenEarlier(root: string): Promise<void> {
  const then = new Date(Date.now() - 60_000);
  const skip = new Set(['node_modules', 'dist', 'cold']);
  for (const top of await readdir(root, { withFileTypes: true })) {
    if (skip.has(top.name)) continue;
    const path = join(root, top.name);
    const below = top.isDirectory() ? await readdir(path, { recursive: true, withFileTypes: true }) : [];
    for (const entry of below) if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), then, then);
    if (top.isFile()) await utimes(path, then, then);
  }
}

/** An edit as a counterexample names it. */
function named(edit: Edit): Edit {
  return Object.assign(edit, { [fc.toStringMethod]: () => edit.name });
}

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('a warm build', () => {
  it('writes what a cold build writes, after each edit of generated sequences', { timeout: 600_000 }, async () => {
    let compared = 0;
    let built = 0;
    // Each edit made just before its build, or a while before (a build keeps its client bundle only when no input was being written);
    // each warm build on one thread or more, so pages kept by a build on one are taken by a build on several, and back.
    const step = fc.tuple(fc.oneof(...edits.map((edit) => edit.map(named))), fc.boolean(), fc.constantFrom(1, 2, 3));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 6 }), async (sequence) => {
        project = await copyFixture();
        try {
          // The first build fills the cache folder.
          await build(project.root, 'dist');
          for (const [at, [edit, earlier, threads]] of sequence.entries()) {
            await edit.apply(project);
            if (earlier) await writtenEarlier(project.root);
            const warm = await build(project.root, 'dist', {}, threads);
            const cold = await coldBuild(project.root);
            const done = sequence
              .slice(0, at + 1)
              .map(([e, early, n]) => `${e.name}${early ? ' (a while ago)' : ''} (${n} thread${n === 1 ? '' : 's'})`)
              .join(' → ');
            expect({ code: warm.code, problems: warm.problems }, done).toEqual({ code: cold.code, problems: cold.problems });
            compared++;
            // A build that fails writes nothing: the last good build stays where it was.
            if (warm.code !== 0) continue;
            expect(Object.keys(warm.files), done).toEqual(Object.keys(cold.files));
            for (const [path, bytes] of Object.entries(cold.files)) expect(warm.files[path], `${path} after ${done}`).toBe(bytes);
            built++;
          }
        } finally {
          await project.remove();
          project = undefined;
        }
      }),
      // Each step is two builds in processes of their own: a few sequences, not shrunk (a failure names its edits).
      { numRuns: 4, endOnFailure: true },
    );
    expect(compared).toBeGreaterThanOrEqual(16);
    // Most edits leave a site that builds, so most comparisons are of whole sites, not of refusals.
    expect(built).toBeGreaterThan(compared / 2);
  });
});

/**
 * The inode of each page of a built tree, by path: a page taken from the last build is that build's file, linked.
 * The editor's page at /admin is not a page of the site: it is written with the other extras.
 */
async function pageInodes(dir: string): Promise<Map<string, bigint>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const inodes = new Map<string, bigint>();
  for (const e of entries.filter((e) => e.isFile() && e.name.endsWith('.html') && !e.parentPath.startsWith(join(dir, 'admin')))) {
    const file = join(e.parentPath, e.name);
    inodes.set(file.slice(dir.length + 1), (await stat(file, { bigint: true })).ino);
  }
  return inodes;
}

describe('a warm build on several threads', () => {
  it('takes every page it need not render from the last build, whatever number of threads either ran on', { timeout: 120_000 }, async () => {
    project = await copyFixture();
    const dist = join(project.root, 'dist');
    expect((await build(project.root, 'dist', {}, 2)).code).toBe(0);
    let before = await pageInodes(dist);
    // Nothing changed: every page is the last build's file.
    for (const threads of [3, 1, 2]) {
      expect((await build(project.root, 'dist', {}, threads)).code).toBe(0);
      const now = await pageInodes(dist);
      expect([...now.keys()], `${threads} threads`).toEqual([...before.keys()]);
      expect(
        [...now].filter(([path, ino]) => before.get(path) !== ino).map(([path]) => path),
        `${threads} threads`,
      ).toEqual([]);
      before = now;
    }
    // One page's heading edited: that page is rendered again, on whichever thread its turn falls, and most others are taken.
    await replaceIn(project, 'pages/services.yaml', /^heading: .*$/m, 'heading: "Services, edited"');
    expect((await build(project.root, 'dist', {}, 3)).code).toBe(0);
    const now = await pageInodes(dist);
    const renderedAgain = [...now].filter(([path, ino]) => before.get(path) !== ino).map(([path]) => path);
    expect(renderedAgain).toContain('services.html');
    expect(renderedAgain.length).toBeLessThan(now.size / 2);
    expect(await readFile(join(dist, 'services.html'), 'utf8')).toContain('Services, edited');
  });
});

describe('a cache folder changed by hand', () => {
  it(
    'costs only speed: whichever file of it is deleted or has a folder in its place, the build writes what a cold build writes, and leaves no half file (generated)',
    { timeout: 300_000 },
    async () => {
      project = await copyFixture();
      expect((await build(project.root, 'dist')).code).toBe(0);
      const cache = join(project.root, 'node_modules', '.cache', 'site');
      const kept = (await readdir(cache, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...kept), fc.boolean(), fc.constantFrom(1, 2), async (file, folder, threads) => {
          // The file goes, and a folder may stand in its place; an edit to a page and to the stylesheet makes each cache be kept anew.
          await rm(file, { recursive: true, force: true });
          if (folder) await mkdir(file, { recursive: true });
          try {
            await replaceIn(project!, 'pages/services.yaml', /^heading: .*$/m, `heading: ${JSON.stringify(`Services ${file.length}`)}`);
            const color = (file.length % 256).toString(16).padStart(6, '0');
            await replaceIn(project!, 'templates/style.css', /h1 \{ color: #[0-9a-f]{6}; \}/, `h1 { color: #${color}; }`);
            const warm = await build(project!.root, 'dist', {}, threads);
            const leftovers = (await readdir(cache, { recursive: true })).filter((name) => String(name).endsWith('.tmp'));
            expect(leftovers, file).toEqual([]);
            // The theme's bundle and its packages' modules are imported from there: a folder in the place of one stops the
            // build, said in plain words.
            if (folder && /[/\\](theme-[^/\\]*|packages-[^/\\]*[/\\][^/\\]*)\.mjs$/.test(file)) {
              expect(warm.code, file).toBe(1);
              expect(warm.problems, file).toContain("cannot keep the build's cache");
              expect(warm.problems, file).toContain('a folder stands where the build writes a file');
              return;
            }
            const cold = await coldBuild(project!.root);
            expect({ code: warm.code, problems: warm.problems }, file).toEqual({ code: 0, problems: '' });
            expect(warm.files, file).toEqual(cold.files);
          } finally {
            await rm(file, { recursive: true, force: true });
          }
        }),
        { numRuns: 24, endOnFailure: true },
      );
    },
  );
});

describe('SITE_CACHE_DIR', () => {
  it('keeps the cache folder where it says, inside the project or out of it, and a build after node_modules is emptied finds it there', async () => {
    project = await copyFixture();
    const outside = `${project.root}-cache`;
    try {
      for (const folder of ['.site-cache', outside]) {
        await rm(join(project.root, 'node_modules', '.cache'), { recursive: true, force: true });
        const env = { SITE_CACHE_DIR: folder };
        // Not being written as it builds: the client bundle is kept too.
        await writtenEarlier(project.root);
        const first = await build(project.root, 'dist', env);
        expect(first.code, folder).toBe(0);
        const kept = await readdir(resolve(project.root, folder));
        for (const entry of ['parsed-', 'bundle-', 'renders-'])
          expect(
            kept.some((name) => name.startsWith(entry)),
            `${folder}: ${entry}`,
          ).toBe(true);
        // The modules made for the project (the theme's bundle, the validators) stay where their imports are found.
        const modules = await readdir(join(project.root, 'node_modules', '.cache', 'site'));
        expect(modules.some((name) => name.startsWith('theme-'))).toBe(true);
        expect(modules.some((name) => name.startsWith('packages-'))).toBe(true);
        expect(modules.some((name) => name.startsWith('parsed-') || name.startsWith('bundle-'))).toBe(false);
        // As `npm ci` does: node_modules goes, and comes back without its cache.
        await rm(join(project.root, 'node_modules', '.cache'), { recursive: true, force: true });
        const parsed = kept.find((name) => name.startsWith('parsed-'))!;
        const before = await readFile(resolve(project.root, folder, parsed), 'utf8');
        const second = await build(project.root, 'dist', env);
        expect(second, folder).toEqual(first);
        // The parse cache was read, not made again: its text is unchanged.
        expect(await readFile(resolve(project.root, folder, parsed), 'utf8')).toBe(before);
      }
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
