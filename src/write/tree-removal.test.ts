// Removing a tree the engine made: generated trees of folders, files and links (to folders and files
// outside it, inside it, or to nothing), and the tree's own name a link. The tree goes; what its links
// point to outside it stays, every file with its bytes.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeQuietly } from './tree-removal.ts';

const parent = await mkdtemp(join(tmpdir(), 'site-tree-removal-'));
afterAll(() => rm(parent, { recursive: true, force: true }));

/** An entry of a generated tree: a file, a folder of more, or a link to somewhere. */
type Entry = { kind: 'file' } | { kind: 'folder'; entries: Entry[] } | { kind: 'link'; to: 'outside folder' | 'outside file' | 'inside' | 'nothing' };

const { entry } = fc.letrec<{ entry: Entry }>((tie) => ({
  entry: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({ kind: 'file' as const }),
    fc.array(tie('entry'), { maxLength: 4 }).map((entries) => ({ kind: 'folder' as const, entries })),
    fc.constantFrom('outside folder', 'outside file', 'inside', 'nothing').map((to) => ({ kind: 'link' as const, to })),
  ),
}));

/** Every file and link below `dir` with what it holds, not following links. */
async function contents(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: false })) {
    const path = join(dir, name);
    const info = await lstat(path);
    if (info.isDirectory()) for (const [below, text] of Object.entries(await contents(path))) found[join(name, below)] = text;
    else found[name] = info.isSymbolicLink() ? 'a link' : await readFile(path, 'utf8');
  }
  return found;
}

describe('removeQuietly', () => {
  it('removes the whole tree and nothing its links point to, whatever they point to', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 5 }), fc.boolean(), async (entries, treeIsALink) => {
        const home = join(parent, `run-${run++}`);
        const outside = join(home, 'outside');
        await mkdir(join(outside, 'deep'), { recursive: true });
        await writeFile(join(outside, 'deep', 'precious.txt'), 'twenty years of notes');
        await writeFile(join(outside, 'notes.txt'), 'kept by hand');
        const tree = join(home, 'tree');
        let made = 0;
        const make = async (dir: string, list: Entry[]): Promise<void> => {
          await mkdir(dir, { recursive: true });
          for (const e of list) {
            const path = join(dir, `entry-${made++}`);
            if (e.kind === 'file') await writeFile(path, 'page');
            else if (e.kind === 'folder') await make(path, e.entries);
            else {
              const target = { 'outside folder': outside, 'outside file': join(outside, 'notes.txt'), inside: tree, nothing: join(home, 'gone') }[e.to];
              await symlink(target, path);
            }
          }
        };
        await make(tree, entries);
        const before = await contents(outside);
        // The name removed may itself be a link to a folder elsewhere: the link goes, the folder stays.
        const removed = treeIsALink ? join(home, 'tree-link') : tree;
        if (treeIsALink) await symlink(outside, removed);
        await removeQuietly(removed);
        await expect(lstat(removed)).rejects.toMatchObject({ code: 'ENOENT' });
        expect(await contents(outside)).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
