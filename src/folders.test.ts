// listedPath: an entry of a recursive listing named from the folder listed, as relativePath and join name it,
// however the folder was written (absolute, relative, with a trailing slash or a dot in it).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listedPath, relativePath } from './folders.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('listedPath', () => {
  it('names every entry of a listing as relativePath and join do (generated trees and spellings of the folder)', () => {
    const segment = fc.constantFrom('a', 'b', 'c d', 'é', '.hidden', '..x', 'a\\b');
    fc.assert(
      fc.property(fc.array(fc.array(segment, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), fc.nat(4), (paths, spelling) => {
        const root = mkdtempSync(join(tmpdir(), 'listed-'));
        roots.push(root);
        for (const parts of paths) {
          const at = join(root, 'out', ...parts);
          try {
            mkdirSync(join(at, '..'), { recursive: true });
            writeFileSync(at, 'x');
          } catch {
            // A file stands where a folder goes, or a folder where the file goes: the tree keeps what came first.
          }
        }
        mkdirSync(join(root, 'out'), { recursive: true });
        const absolute = join(root, 'out');
        const folder = [absolute, `${absolute}/`, relative(process.cwd(), absolute), join(root, '.', 'out', '.'), `${root}/./out`][spelling]!;
        for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
          const { path, file } = listedPath(folder, entry);
          expect(path).toBe(relativePath(folder, join(entry.parentPath, entry.name)));
          expect(resolve(file)).toBe(resolve(join(entry.parentPath, entry.name)));
        }
      }),
      { numRuns: 60 },
    );
  });
});
