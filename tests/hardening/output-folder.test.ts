// Where `site build --out X` may write (npm run test:hardening). Generated
// cases put X in every kind of place (fresh, nested, inside the project's own
// folders, a file, a path through a file, a link, /proc and /sys, read-only
// folders) holding every kind of thing (nothing, an empty folder, an earlier
// build with or without its marker, or with a user's file added to it, a
// user's files beside an index.html),
// and run the real CLI on a copy of the project. Each must end in exit 0 with
// a complete build, or exit 1 with one located `--out` problem; never a stack;
// no file the build did not make deleted or changed; nothing left beside X.
//
// Permissions mean nothing to root, which runs CI's containers: there the CLI
// runs as the unprivileged user `nobody` (setpriv), so a read-only folder is
// read-only for it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from 'trn-site/internal/write/output-folder.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';

/** The unprivileged user the CLI runs as when the tests run as root. */
const NOBODY = 65534;
const AS_NOBODY = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
/** Generated cases on top of the fixed ones. */
const GENERATED = 10;

/** Where --out points. */
type Place =
  | 'fresh'
  | 'nested'
  | 'beside-project'
  | 'project-input'
  | 'project-own'
  | 'file'
  | 'through-file'
  | 'link'
  | 'link-to-project'
  | 'proc'
  | 'sys'
  | 'read-only-parent'
  | 'read-only-folder';
/** What is there before the build. */
type Contents = 'missing' | 'empty' | 'marked-build' | 'marked-build-plus' | 'unmarked-build' | 'beside-index' | 'photos';

interface Case {
  place: Place;
  contents: Contents;
}

/** Places that hold whatever `contents` says; the others decide their contents themselves. */
const HOLDING: Place[] = ['fresh', 'nested', 'beside-project', 'project-own', 'link', 'read-only-folder'];

let project: string;
let sandbox: string;
/** The files a complete build writes, relative to its folder, sorted. */
let complete: string[];
let caseNumber = 0;

const figures = { cases: 0, crashes: 0, unlocated: 0, lost: 0, debris: 0, slowest: { ms: 0, what: '' } };

/** Every file and link below `dir` (links not followed), with a hash of what it holds or where it leads. */
async function snapshot(dir: string, skip: (path: string) => boolean = () => false): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const visit = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const path = join(folder, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) await visit(path);
      else if (entry.isSymbolicLink()) out.set(path, `link ${await readlink(path)}`);
      else
        out.set(
          path,
          createHash('sha1')
            .update(await readFile(path))
            .digest('hex'),
        );
    }
  };
  await visit(dir);
  return out;
}

/** Files below `dir`, relative, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

function giveAway(path: string): Promise<void> {
  return AS_NOBODY ? chown(path, NOBODY, NOBODY) : Promise.resolve();
}

async function giveAwayTree(path: string): Promise<void> {
  if (!AS_NOBODY) return;
  await chown(path, NOBODY, NOBODY);
  const info = await lstat(path);
  if (info.isDirectory()) for (const entry of await readdir(path)) await giveAwayTree(join(path, entry));
}

/** `site build --out <out>` in the copy, as the user; its exit code, output and time. */
function build(out: string): Promise<{ code: number | null; output: string; ms: number }> {
  const args = [resolve(project, 'bin/site.js'), 'build', '--out', out];
  const [command, all] = AS_NOBODY
    ? ['/usr/bin/setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(command, all, { cwd: project, env: { ...process.env, HOME: project, NO_COLOR: '1', SITE_BASE_URL: '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output, ms: performance.now() - started });
    });
  });
}

/** Fills `dir` with `contents`. */
async function fill(dir: string, contents: Contents): Promise<void> {
  if (contents === 'missing') return;
  await mkdir(dir, { recursive: true });
  if (contents === 'marked-build' || contents === 'marked-build-plus' || contents === 'unmarked-build') {
    await cp(join(sandbox, 'reference'), dir, { recursive: true });
    if (contents === 'unmarked-build') await rm(join(dir, OUTPUT_MARKER));
    // A file the user put into the build's folder afterwards: not the build's to delete.
    if (contents === 'marked-build-plus') await writeFile(join(dir, 'assets', 'my-notes.txt'), 'kept here by hand');
  }
  if (contents === 'beside-index') {
    await writeFile(join(dir, 'index.html'), '<!DOCTYPE html><title>My own page</title>');
    await writeFile(join(dir, 'precious.txt'), 'twenty years of notes');
  }
  if (contents === 'photos') {
    await mkdir(join(dir, '2024'), { recursive: true });
    await writeFile(join(dir, '2024', 'IMG_0001.JPG'), 'a photo');
  }
}

/** Sets up `c` in a folder of its own; returns --out as given, and whether the build should refuse it. */
async function arrange(c: Case): Promise<{ out: string; refused: boolean; marked: string | undefined }> {
  const home = join(sandbox, `case-${++caseNumber}`);
  await mkdir(home);
  const holds = (dir: string) => fill(dir, c.contents);
  const unsafe = c.contents === 'unmarked-build' || c.contents === 'marked-build-plus' || c.contents === 'beside-index' || c.contents === 'photos';
  let out: string;
  let refused = unsafe;
  let marked: string | undefined;
  switch (c.place) {
    case 'fresh':
    case 'read-only-folder':
      out = join(home, 'site');
      break;
    case 'nested':
      out = join(home, 'a', 'b', 'site');
      break;
    case 'beside-project':
      out = join(project, `public-${caseNumber}`);
      break;
    case 'project-own':
      out = `docs/site-${caseNumber}`;
      break;
    case 'project-input':
      out = ['pages', 'templates', 'static', 'schemas', 'node_modules/x', '.git', '.', '..', 'pages/blog'][caseNumber % 9]!;
      refused = true;
      break;
    case 'file':
      out = join(home, 'notes.txt');
      await writeFile(out, 'my notes');
      refused = true;
      break;
    case 'through-file':
      await writeFile(join(home, 'notes.txt'), 'my notes');
      out = join(home, 'notes.txt', 'site');
      refused = true;
      break;
    case 'link':
      out = join(home, 'link');
      await mkdir(join(home, 'elsewhere'));
      await symlink(join(home, 'elsewhere', 'site'), out);
      break;
    case 'link-to-project':
      out = join(home, 'link');
      await symlink(join(project, 'pages'), out);
      refused = true;
      break;
    case 'proc':
      out = ['/proc/site-out', '/proc/self/site-out', '/proc/1/site'][caseNumber % 3]!;
      refused = true;
      break;
    case 'sys':
      out = ['/sys/site-out', '/sys/fs/site-out', '/sys/kernel/site'][caseNumber % 3]!;
      refused = true;
      break;
    case 'read-only-parent':
      out = join(home, 'locked', 'site');
      await mkdir(join(home, 'locked'));
      refused = AS_NOBODY || process.getuid?.() !== 0;
      break;
  }
  const target = c.place === 'link' ? join(home, 'elsewhere', 'site') : resolve(project, out);
  if (HOLDING.includes(c.place)) {
    await holds(target);
    if (c.contents === 'marked-build') marked = target;
  }
  await giveAwayTree(home);
  if (c.place.startsWith('project') || c.place === 'beside-project') await giveAwayTree(project).catch(() => {});
  if (c.place === 'read-only-parent') await chmod(join(home, 'locked'), 0o555);
  // A read-only earlier build: its folders cannot be written, yet it is the generator's to replace.
  if (c.place === 'read-only-folder' && existsSync(target)) await makeReadOnly(target);
  return { out, refused, marked };
}

async function makeReadOnly(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) if (entry.isDirectory()) await makeReadOnly(join(dir, entry.name));
  await chmod(dir, 0o555);
}

/** Runs one case and counts what broke; returns what it saw, for the assertion. */
async function run(c: Case): Promise<{ what: string; problems: string[] }> {
  const { out, refused, marked } = await arrange(c);
  const what = `${c.place} holding ${c.contents} (--out ${out})`;
  const target = resolve(project, out);
  // What the build may replace: the files of an earlier build it marked as its own.
  const skip = (path: string) => path.startsWith(join(project, 'node_modules')) || (marked !== undefined && (path === marked || path.startsWith(`${marked}/`)));
  const before = new Map([...(await snapshot(sandbox, skip)), ...(await snapshot(project, skip))]);
  const result = await build(out);
  figures.cases++;
  if (result.ms > figures.slowest.ms) figures.slowest = { ms: result.ms, what };
  const problems: string[] = [];
  if (/Internal error|\n\s+at .+:\d+:\d+/.test(result.output) || (result.code !== 0 && result.code !== 1)) {
    figures.crashes++;
    problems.push(`crashed (exit ${result.code}): ${result.output}`);
  }
  if (result.code === 1 && !/^--out {2}cannot write the site to ".+": .+; .+\n1 error in 1 file; nothing was written\.\n$/.test(result.output)) {
    figures.unlocated++;
    problems.push(`not one located --out problem: ${result.output}`);
  }
  if ((result.code === 1) !== refused) problems.push(`expected ${refused ? 'a refusal' : 'a build'}, got exit ${result.code}: ${result.output}`);
  if (result.code === 0) {
    const real = c.place === 'link' ? join(dirname(target), 'elsewhere', 'site') : target;
    const files = await filesIn(real);
    if (JSON.stringify(files) !== JSON.stringify(complete)) problems.push(`an incomplete build: ${files.length} files, ${complete.length} expected`);
  }
  const after = new Map([...(await snapshot(sandbox, skip)), ...(await snapshot(project, skip))]);
  for (const [path, hash] of before) {
    if (after.get(path) !== hash) {
      figures.lost++;
      problems.push(`lost or changed ${path}`);
    }
  }
  // Nothing of the build beside the output folder (its staging tree, the earlier tree set aside).
  for (const folder of new Set([dirname(target), sandbox, project])) {
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (/^\..+-(?:new|old)-\d+-[0-9a-f]+$/.test(name)) {
        figures.debris++;
        problems.push(`left ${join(folder, name)}`);
      }
    }
  }
  return { what, problems };
}

const FIXED: Case[] = [
  { place: 'fresh', contents: 'missing' },
  { place: 'fresh', contents: 'empty' },
  { place: 'fresh', contents: 'marked-build' },
  { place: 'fresh', contents: 'unmarked-build' },
  { place: 'fresh', contents: 'marked-build-plus' },
  { place: 'fresh', contents: 'beside-index' },
  { place: 'read-only-folder', contents: 'marked-build' },
  { place: 'read-only-parent', contents: 'missing' },
  { place: 'file', contents: 'missing' },
  { place: 'through-file', contents: 'missing' },
  { place: 'link', contents: 'marked-build' },
  { place: 'link-to-project', contents: 'missing' },
  { place: 'proc', contents: 'missing' },
  { place: 'sys', contents: 'missing' },
  { place: 'project-input', contents: 'missing' },
  { place: 'project-own', contents: 'beside-index' },
];

const generated: Case[] = fc.sample(
  fc.record({
    place: fc.constantFrom<Place>(
      'fresh',
      'nested',
      'beside-project',
      'project-input',
      'project-own',
      'file',
      'through-file',
      'link',
      'link-to-project',
      'proc',
      'sys',
      'read-only-parent',
      'read-only-folder',
    ),
    contents: fc.constantFrom<Contents>('missing', 'empty', 'marked-build', 'marked-build-plus', 'unmarked-build', 'beside-index', 'photos'),
  }),
  { numRuns: GENERATED, seed: 23 },
);

beforeAll(async () => {
  project = await copyProject('out');
  sandbox = await mkdtemp(join(tmpdir(), 'site-out-cases-'));
  await giveAwayTree(project);
  await giveAway(sandbox);
  const reference = await build(join(sandbox, 'reference'));
  expect(reference.code, reference.output).toBe(0);
  complete = await filesIn(join(sandbox, 'reference'));
  expect(complete).toContain(OUTPUT_MARKER);
}, 120_000);

afterAll(async () => {
  printFigures('output folder', figures);
  // Read-only folders of the cases are opened so they can go.
  if (sandbox) await chmodTree(sandbox).catch(() => {});
  if (sandbox) await rm(sandbox, { recursive: true, force: true });
  await removeCopy(project);
});

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) if (entry.isDirectory()) await chmodTree(join(dir, entry.name));
}

describe('site build --out', () => {
  it.each([...FIXED, ...generated].map((c) => [`${c.place} holding ${c.contents}`, c] as const))(
    '%s: a complete build or one located --out problem, nothing lost, nothing left beside it',
    async (_name, c) => {
      const { what, problems } = await run(c);
      expect(problems, what).toEqual([]);
    },
    180_000,
  );

  it('counts no crash, no unlocated problem, no lost file and no debris over every case', () => {
    expect(figures.cases).toBe(FIXED.length + GENERATED);
    expect({ crashes: figures.crashes, unlocated: figures.unlocated, lost: figures.lost, debris: figures.debris }).toEqual({
      crashes: 0,
      unlocated: 0,
      lost: 0,
      debris: 0,
    });
  });
});
