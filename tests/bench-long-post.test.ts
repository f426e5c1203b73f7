// The bench's long post (tools/bench/long-post.ts): as many links as asked, to pages
// that exist, within the engine's limit on a file's characters at the issue's
// 50,000, and a post the site checks clean with, so the bench times a passing check.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from 'trn-site';
import { MAX_FILE_CHARACTERS } from 'trn-site/internal/validate/limits.ts';
import { addLongPost } from '../tools/bench/long-post.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';

let root: string | undefined;
beforeAll(async () => {
  root = await copyProject('long-post');
});
afterAll(() => removeCopy(root));

describe('the bench’s long post', () => {
  it('holds 50,000 links within the limit of a file', async () => {
    const file = await addLongPost(root!, 50_000);
    const text = await readFile(join(root!, file), 'utf8');
    expect(text.match(/\]\(\//g)).toHaveLength(50_000);
    expect(text.length).toBeLessThan(MAX_FILE_CHARACTERS);
  });

  it('checks clean with a few thousand links, every one to a page of the site', async () => {
    await addLongPost(root!, 3_000);
    expect(await check({ root: root!, types: false })).toEqual([]);
  }, 60_000);
});
