import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { ContentError } from './contracts/diagnostics.ts';
import { startThread, type Thread } from './threads.ts';

// A thread runs the engine's bundle; here, a bundle of this module alone with a role that fails as a full disk does, and
// one that tells the thread's heap limit.
let folder: string;
let thread: Thread;
let module: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'site-threads-'));
  const entry = join(folder, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { serve } from ${JSON.stringify(fileURLToPath(new URL('./threads.ts', import.meta.url)))};`,
      `serve('write', () => { throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write', errno: -28 }); });`,
      `import { getHeapStatistics } from 'node:v8';`,
      `serve('heap', () => getHeapStatistics().heap_size_limit / ${MB});`,
      `serve('hog', () => { const held = []; for (;;) held.push(new Array(100000).fill(held.length)); });`,
    ].join('\n'),
  );
  module = join(folder, 'thread.mjs');
  await esbuild({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: module, logLevel: 'error' });
  thread = startThread(module);
});

afterAll(async () => {
  await thread?.close();
  await rm(folder, { recursive: true, force: true });
});

const MB = 1024 * 1024;

describe("a thread's heap", () => {
  it("is as large as this thread's, unless a limit is given", async () => {
    const inThread = await thread.run<number>({ role: 'heap' });
    expect(inThread).toBe(getHeapStatistics().heap_size_limit / MB);
    const limited = startThread(module, 64);
    try {
      // The limit a thread reports is its old generation's and its young one's (tens of MB).
      const reported = await limited.run<number>({ role: 'heap' });
      expect(reported).toBeGreaterThanOrEqual(64);
      expect(reported).toBeLessThan(64 + 256);
    } finally {
      await limited.close();
    }
  });
});

describe('a thread that runs out of memory', () => {
  it('stops the build with a problem in plain words, naming its limit and how to give it more', async () => {
    const small = startThread(module, 16);
    try {
      const error = await small.run({ role: 'hog' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ContentError);
      const [problem] = (error as ContentError).diagnostics;
      expect(problem).toMatchObject({ code: 'thread-memory', file: '--threads', severity: 'error' });
      expect(problem!.message).toContain('16 MB');
      expect(problem!.hint).toContain('--max-old-space-size');
    } finally {
      await small.close();
    }
  });
});

describe('a thread that fails', () => {
  it("rejects with the error's own fields (a file system error's code), which copying an Error across threads drops", async () => {
    const error = await thread.run({ role: 'write' }).then(
      () => undefined,
      (e: unknown) => e as NodeJS.ErrnoException,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('no space left on device');
    expect([error?.code, error?.syscall, error?.errno]).toEqual(['ENOSPC', 'write', -28]);
  });
});
