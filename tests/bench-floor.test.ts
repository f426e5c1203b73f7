// The bench's floor (tools/bench/floor.ts): each part measured over the whole of a
// built copy (every YAML text, every page, every file of the output), in its own
// process with React's production build, leaving nothing behind; and the least
// build time it derives is the start plus the rest shared over the threads.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'trn-site';
import { splitFrontMatter } from 'trn-site/internal/validate/yaml.ts';
import { floorSeconds, measureFloor, type Floor } from '../tools/bench/floor.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';

let root: string | undefined;
let built: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  root = await copyProject('floor');
  built = await build({ root, threads: 1 });
}, 60_000);
afterAll(() => removeCopy(root));

describe('the bench’s floor', () => {
  it('measures every text, page and output file of the copy, and leaves nothing behind', async () => {
    const floor = await measureFloor(root!);
    const sources = (await readdir(join(root!, 'pages'), { recursive: true, encoding: 'utf8' })).sort();
    let texts = 1; // site.yaml
    for (const file of sources) {
      if (/\.ya?ml$/.test(file)) texts++;
      else if (file.endsWith('.md') && splitFrontMatter(await readFile(join(root!, 'pages', file), 'utf8'))?.front !== undefined) texts++;
    }
    expect(floor.texts).toBe(texts);
    expect(floor.pages).toBe(built.stats.pages);
    // Every file of the site, and the marker the build leaves in its output folder (src/write/output-folder.ts).
    expect(floor.files).toBe(built.files.length + 1);
    for (const part of ['start', 'parse', 'render', 'write'] as const) expect(floor[part]).toBeGreaterThan(0);
    // React is timed inside the render stage, which also finds each page's links.
    expect(floor.render).toBeLessThan(floor.renderStage);
    expect(floor.cores).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(root!, 'dist-floor'))).toBe(false);
  }, 120_000);

  it('is measured only with React’s production build', async () => {
    const env = { ...process.env, NODE_ENV: 'development' };
    const run = promisify(execFile)(process.execPath, ['tools/run.js', 'tools/bench/floor.ts', root!], { cwd: root!, env });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/production/) });
  }, 60_000);

  it('derives the least build time: the start, then the rest on one thread or shared over several', () => {
    const floor: Floor = { start: 0.2, parse: 1, render: 2, renderStage: 2.5, write: 0.5, texts: 1, pages: 1, files: 1, cores: 2 };
    expect(floorSeconds(floor, { write: true, threads: 1 })).toBeCloseTo(3.7);
    expect(floorSeconds(floor, { write: true, threads: 2 })).toBeCloseTo(1.95);
    expect(floorSeconds(floor, { write: false, threads: 2 })).toBeCloseTo(1.7);
  });
});
