// runKeptCode(): a CommonJS file run from the code V8 kept for it, and never from code that is not its own.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeptCode } from './node-module.js';

const folder = mkdtempSync(join(tmpdir(), 'kept-code-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file with enough functions that V8's kept code for it is some kilobytes, and an import() of a package. */
function moduleFile(name: string, seed: number): string {
  const functions = Array.from({ length: 60 }, (_, i) => `function f${i}(x) { return x * ${i + seed} + ${i}; }`).join('\n');
  const calls = Array.from({ length: 60 }, (_, i) => `f${i}(1)`).join(' + ');
  const source = `${functions}\nexports.sum = () => ${calls};\nexports.loadPath = () => __siteImport('node:path');\n`;
  const file = join(folder, name);
  writeFileSync(file, source);
  return file;
}

const expected = (seed: number) => Array.from({ length: 60 }, (_, i) => i + seed + i).reduce((a, b) => a + b, 0);

async function run(file: string) {
  const ran = runKeptCode(file, folder);
  const exports = ran.exports as { sum: () => number; loadPath: () => Promise<{ join: unknown }> };
  const result = { sum: exports.sum(), imported: typeof (await exports.loadPath()).join, fromKeptCode: ran.fromKeptCode, codeFile: ran.codeFile };
  await ran.keepCode();
  return result;
}

describe('runKeptCode', () => {
  it('runs a file, keeps its code, and runs from it the next time, with import() working both times', async () => {
    const file = moduleFile('plain.cjs', 3);
    const first = await run(file);
    expect(first).toMatchObject({ sum: expected(3), imported: 'function', fromKeptCode: false });
    expect(await run(file)).toMatchObject({ sum: expected(3), imported: 'function', fromKeptCode: true });
  });

  it('never runs from kept code changed in any way: the file runs as written, and good code is kept again', async () => {
    const file = moduleFile('changed.cjs', 7);
    const { codeFile } = await run(file);
    const good = readFileSync(codeFile);
    // Flipped bytes anywhere (V8 itself checks only a header), the file cut short or made longer, other bytes altogether.
    const damage = fc.oneof(
      fc.record({ flip: fc.array(fc.nat({ max: good.length - 1 }), { minLength: 1, maxLength: 4 }) }),
      fc.record({ cut: fc.nat({ max: good.length - 1 }) }),
      fc.record({ extra: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
      fc.record({ other: fc.uint8Array({ maxLength: 4096 }) }),
    );
    await fc.assert(
      fc.asyncProperty(damage, async (how) => {
        let bytes = Buffer.from(good);
        if ('flip' in how) for (const at of how.flip) bytes[at] = bytes[at]! ^ 0xff;
        if ('cut' in how) bytes = bytes.subarray(0, how.cut);
        if ('extra' in how) bytes = Buffer.concat([bytes, how.extra]);
        if ('other' in how) bytes = Buffer.from(how.other);
        writeFileSync(codeFile, bytes);
        const changed = !bytes.equals(good);
        expect(await run(file)).toMatchObject({ sum: expected(7), imported: 'function', fromKeptCode: !changed });
        // Kept again whole: the next run takes it.
        expect(await run(file)).toMatchObject({ sum: expected(7), fromKeptCode: true });
        writeFileSync(codeFile, good);
      }),
      { numRuns: 60 },
    );
  });

  it('runs a file strict when it starts with the directive, as Node would, and keeps its code under its own name', async () => {
    const file = join(folder, 'strict.cjs');
    writeFileSync(file, `'use strict';\nexports.assign = () => { undeclaredName = 1; };\n`);
    const ran = runKeptCode(file, folder);
    expect(() => (ran.exports as { assign: () => void }).assign()).toThrow(ReferenceError);
    expect(ran.codeFile).toMatch(/[/\\]strict-[0-9a-f]{16}\.v8$/);
  });

  it('runs without kept code when a folder stands where it goes, and when the text changed', async () => {
    const file = moduleFile('folder.cjs', 11);
    const { codeFile } = await run(file);
    rmSync(codeFile);
    mkdirSync(codeFile);
    expect(await run(file)).toMatchObject({ sum: expected(11), fromKeptCode: false });
    expect(await run(file)).toMatchObject({ sum: expected(11), fromKeptCode: false });
    // Same length, other text: another file of kept code, never this one's.
    const other = moduleFile('folder.cjs', 12);
    expect(await run(other)).toMatchObject({ sum: expected(12), fromKeptCode: false });
  });

  it('runs from its text when V8 refuses whole kept code (made for another file, as after another Node), and keeps its own', async () => {
    const short = moduleFile('short.cjs', 1);
    const { codeFile: shortCode } = await run(short);
    const long = moduleFile('long.cjs', 100);
    // Its code is kept by another process: V8 looks at kept code only for a text this process has not compiled yet.
    const keep = `const { runKeptCode } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'node-module.js')).href)}); const ran = runKeptCode(${JSON.stringify(long)}, ${JSON.stringify(folder)}); await ran.keepCode(); console.log(ran.codeFile);`;
    const longCode = execFileSync(process.execPath, ['--input-type=module', '-e', keep], { encoding: 'utf8' }).trim();
    // The other file's code, digest and all: whole, so V8 is given it, and refuses it.
    writeFileSync(longCode, readFileSync(shortCode));
    expect(await run(long)).toMatchObject({ sum: expected(100), imported: 'function', fromKeptCode: false, codeFile: longCode });
    // What this process kept in its place is its own, and whole: the next run takes it.
    expect(readFileSync(longCode).equals(readFileSync(shortCode))).toBe(false);
    expect(runKeptCode(long, folder).fromKeptCode).toBe(true);
  });
});
