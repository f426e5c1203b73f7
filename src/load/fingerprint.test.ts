// fingerprint(), fingerprints() and unchanged(): project files by content, missing files as such.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, fingerprints, unchanged } from './fingerprint.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(root);
});

describe('fingerprint', () => {
  it('follows a project file’s content and calls a missing file missing', async () => {
    await writeTree(root, { 'templates/a.ts': 'one' });
    const before = fingerprint(root, 'templates/a.ts');
    expect(fingerprint(root, 'templates/a.ts')).toBe(before);
    await writeFile(join(root, 'templates/a.ts'), 'two');
    expect(fingerprint(root, 'templates/a.ts')).not.toBe(before);
    expect(fingerprint(root, 'templates/none.ts')).toBe('missing');
  });

  it('follows a folder’s file names, written with a trailing slash', async () => {
    await writeTree(root, { 'templates/a.ts': 'a' });
    const before = fingerprint(root, 'templates/');
    await writeFile(join(root, 'templates/a.ts'), 'edited');
    expect(fingerprint(root, 'templates/')).toBe(before);
    await writeTree(root, { 'templates/lib/b.ts': 'b' });
    expect(fingerprint(root, 'templates/')).not.toBe(before);
  });

  it('reports inputs unchanged until one is edited or appears', async () => {
    await writeTree(root, { 'a.ts': 'a', 'b.ts': 'b' });
    const inputs = fingerprints(root, ['a.ts', 'b.ts', 'c.ts']);
    expect(unchanged(root, inputs)).toBe(true);
    await writeTree(root, { 'c.ts': 'now here' });
    expect(unchanged(root, inputs)).toBe(false);
  });
});
