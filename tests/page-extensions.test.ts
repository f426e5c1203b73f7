// A page written as .yml is a page as .yaml is; the same page in both is one problem, at the second file.
import { copyFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from 'trn-site/internal/check/check.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { pagesOf } from './helpers/content.ts';

const [page] = pagesOf('location');
let root: string;
beforeAll(async () => {
  root = await copyProject('page-extensions');
});
afterAll(async () => {
  await removeCopy(root);
});

describe('page files named .yml', () => {
  it('are pages like .yaml ones', async () => {
    await rename(join(root, page!.file), join(root, page!.file.replace(/\.yaml$/, '.yml')));
    expect(await check({ root })).toEqual([]);
  });

  it('beside a .yaml of the same page: one problem, at the second file, naming the first', async () => {
    await copyFile(join(root, page!.file.replace(/\.yaml$/, '.yml')), join(root, page!.file));
    const found = await check({ root });
    expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
      ['duplicate-route', page!.file.replace(/\.yaml$/, '.yml'), `${page!.file} already serves the route ${page!.route}`],
    ]);
  });
});
