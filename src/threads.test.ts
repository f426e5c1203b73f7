import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThread, type Thread } from './threads.ts';

// A thread runs the engine's bundle; here, a bundle of this module alone with one role that fails as a full disk does.
let folder: string;
let thread: Thread;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'site-threads-'));
  const entry = join(folder, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { serve } from ${JSON.stringify(fileURLToPath(new URL('./threads.ts', import.meta.url)))};`,
      `serve('write', () => { throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write', errno: -28 }); });`,
    ].join('\n'),
  );
  const module = join(folder, 'thread.mjs');
  await esbuild({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: module, logLevel: 'error' });
  thread = startThread(module);
});

afterAll(async () => {
  await thread?.close();
  await rm(folder, { recursive: true, force: true });
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
