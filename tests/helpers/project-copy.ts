// A copy of this whole project in a temporary folder, as an editor has it
// (content, theme, engine), with the project's packages linked in: for tests
// that make an editor's change and build the result without touching the project.
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Copies the project into a new temporary folder and returns its path; `removeCopy` deletes it. */
export async function copyProject(prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `site-${prefix}-`));
  const skip = new Set(['node_modules', 'dist', '.git', 'reports']);
  for (const part of await readdir('.')) if (!skip.has(part)) await cp(resolve(part), join(root, part), { recursive: true });
  await mkdir(join(root, 'node_modules'));
  // One link per package, not the folder: the engine's cache then lives and goes with the copy.
  for (const entry of await readdir(resolve('node_modules'))) {
    if (entry !== '.cache') await symlink(resolve('node_modules', entry), join(root, 'node_modules', entry), 'dir');
  }
  return root;
}

export async function removeCopy(root: string | undefined): Promise<void> {
  if (root) await rm(root, { recursive: true, force: true });
}
