// Copies a fixture project into a fresh temporary folder, applies edits, and
// cleans up, so each test changes its own copy and never the fixture.
import { cp, mkdtemp, rm, writeFile, readFile, readdir, mkdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
/** The engine's package name, as a theme imports it (`trn-site/theme`). */
const ENGINE_NAME = (JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8')) as { name: string }).name;

export interface Project {
  root: string;
  write(file: string, text: string): Promise<void>;
  read(file: string): Promise<string>;
  /** Replaces the first occurrence of `from` in `file`; fails loudly if it is not there. */
  edit(file: string, from: string, to: string): Promise<void>;
  remove(): Promise<void>;
}

// Copies a test did not remove (one of several it made, or a test that failed before its own cleanup) go with
// the test file: nothing it made is left in the system's temporary folder.
const copies = new Set<string>();
afterAll(async () => {
  for (const root of copies) await rm(root, { recursive: true, force: true });
  copies.clear();
});

export async function copyFixture(name = 'basic'): Promise<Project> {
  const root = await mkdtemp(join(tmpdir(), `site-${name}-`));
  copies.add(root);
  await cp(join(fixtures, name), root, { recursive: true });
  // The fixture's theme imports react and typebox as the real site does; give it the project's
  // packages, one link each, in a node_modules of its own: the engine's cache then lives and
  // goes with the copy instead of piling up in the project's node_modules/.cache.
  const packages = join(fixtures, '..', '..', 'node_modules');
  await mkdir(join(root, 'node_modules'));
  for (const entry of await readdir(packages)) {
    if (entry !== '.cache') await symlink(join(packages, entry), join(root, 'node_modules', entry), 'dir');
  }
  // The engine itself, as a site that installed it has it: the theme's `trn-site/theme` resolves through its exports.
  await symlink(join(packages, '..'), join(root, 'node_modules', ENGINE_NAME), 'dir');
  const project: Project = {
    root,
    write: async (file, text) => {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), text);
    },
    read: (file) => readFile(join(root, file), 'utf8'),
    edit: async (file, from, to) => {
      const text = await project.read(file);
      if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
      await project.write(file, text.replace(from, to));
    },
    remove: async () => {
      await rm(root, { recursive: true, force: true });
      copies.delete(root);
    },
  };
  return project;
}

/** Where `text` is first written in a file of a fixture, 1-based: a test names a line of the theme without counting it by hand. */
export function fixturePlace(file: string, text: string, name = 'basic'): { line: number; column: number } {
  const lines = readFileSync(join(fixtures, name, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  if (line < 0) throw new Error(`${text} is not in the ${name} fixture's ${file}`);
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

/** The trees a build makes beside the output folder `dist/` of `root` while it runs (its new tree, the old one set aside): none should be left once it ended, whatever way. */
export async function treesLeftBeside(root: string): Promise<string[]> {
  return (await readdir(root)).filter((name) => /^\.dist-(?:new|old)-/.test(name));
}
