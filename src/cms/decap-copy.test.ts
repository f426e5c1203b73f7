// decapCopy(): the package's files as copies in the cache, made once, made again when spoiled or when
// the package changes, and never the package's own files linked.
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempFolder, removeFolder } from '../../tests/helpers/unit.ts';
import { decapCopy } from './decap-copy.ts';

const WANTED = /\.js$/;
const NAMES = ['a.js', 'b.js', 'c.js'];

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(root);
});

/** What happens between two builds, to the package (an install) or to the copy (a tool that edits dist/ through its links). */
const step = fc.oneof(
  fc.constant({ kind: 'nothing' as const }),
  fc.record({
    kind: fc.constantFrom('copy rewritten' as const, 'copy truncated' as const, 'package rewritten' as const),
    file: fc.constantFrom(...NAMES),
    byte: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ kind: fc.constant('package touched' as const), file: fc.constantFrom(...NAMES), seconds: fc.integer({ min: 1, max: 2_000_000_000 }) }),
  fc.constant({ kind: 'record removed' as const }),
  fc.constant({ kind: 'cache is a file' as const }),
);

describe('decapCopy', () => {
  it('gives files with the package’s bytes, never the package’s own file to link, and the same copy while nothing changed', async () => {
    let run = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const dir = join(root, `run-${run++}`);
        const pkg = join(dir, 'node_modules', 'decap-cms', 'dist');
        let cache = join(dir, 'node_modules', '.cache', 'site');
        mkdirSync(pkg, { recursive: true });
        for (const [i, name] of NAMES.entries()) writeFileSync(join(pkg, name), `file ${i} `.repeat(10));
        writeFileSync(join(pkg, 'a.js.map'), 'not wanted');
        let given = decapCopy(pkg, WANTED, cache);
        for (const s of steps) {
          const copied = (name: string) => given.files.find((f) => f.name === name)!.file;
          if (s.kind === 'copy rewritten' && !given.own) writeFileSync(copied(s.file), Buffer.alloc(lstatSync(copied(s.file)).size, s.byte));
          if (s.kind === 'copy truncated' && !given.own) writeFileSync(copied(s.file), '');
          if (s.kind === 'package rewritten') writeFileSync(join(pkg, s.file), `new ${s.byte} `.repeat(5));
          if (s.kind === 'package touched') utimesSync(join(pkg, s.file), s.seconds, s.seconds);
          if (s.kind === 'record removed' && !given.own) rmSync(join(copied('a.js'), '..', 'copied.json'), { force: true });
          if (s.kind === 'cache is a file') {
            cache = join(dir, 'not-a-folder');
            writeFileSync(cache, '');
          }
          const next = decapCopy(pkg, WANTED, cache);
          expect(next.files.map((f) => f.name)).toEqual(NAMES);
          for (const f of next.files) {
            expect(readFileSync(f.file), f.name).toEqual(readFileSync(join(pkg, f.name)));
            expect(f.size).toBe(lstatSync(join(pkg, f.name)).size);
            // A copy, unless no copy can be made: then the package's own file, which the writer copies.
            if (next.own) expect(f.file).toBe(join(pkg, f.name));
            else expect(lstatSync(f.file).ino).not.toBe(lstatSync(join(pkg, f.name)).ino);
          }
          expect(next.own).toBe(s.kind === 'cache is a file' || given.own);
          // Asked again with nothing changed: the very same files.
          const again = decapCopy(pkg, WANTED, cache);
          expect(again.files.map((f) => [f.file, lstatSync(f.file).ino])).toEqual(next.files.map((f) => [f.file, lstatSync(f.file).ino]));
          given = next;
        }
      }),
      { numRuns: 80 },
    );
  });

  it('lets builds that make the copy at once each link every file, and keeps the copy the first made', { timeout: 120_000 }, async () => {
    const pkg = join(root, 'node_modules', 'decap-cms', 'dist');
    const cache = join(root, 'node_modules', '.cache', 'site');
    mkdirSync(pkg, { recursive: true });
    // Large enough that making a copy takes a while: the builds overlap.
    for (const name of NAMES) writeFileSync(join(pkg, name), Buffer.alloc(4_000_000, name));
    const build = (out: string, at: number) =>
      new Promise<number | null>((done) =>
        spawn(process.execPath, ['tools/run.js', 'tests/helpers/decap-copy-run.ts', pkg, cache, out, String(at)], { stdio: 'ignore' }).once('exit', done),
      );
    // Each round the builds start a few milliseconds apart, drawn anew, so that one of them comes to the
    // copy at each moment of another's making it: finding it, copying, renaming, removing the spoiled one.
    const random = fc.sample(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 6, maxLength: 6 }), 6);
    for (const [round, offsets] of random.entries()) {
      // Missing, then spoiled: each round, the builds find no usable copy at once.
      if (round > 0) for (const dir of readdirSync(cache)) writeFileSync(join(cache, dir, 'a.js'), 'spoiled');
      const outs = offsets.map((_, i) => join(root, `out-${round}-${i}`));
      const at = Date.now() + 3_000;
      expect(await Promise.all(outs.map((out, i) => build(out, at + offsets[i]!))), `round ${round}, offsets ${offsets.join(' ')}`).toEqual(
        offsets.map(() => 0),
      );
      for (const out of outs)
        for (const name of NAMES) expect(readFileSync(join(out, name)).equals(readFileSync(join(pkg, name))), `${out} ${name}`).toBe(true);
      // What a build found spoiled is gone; what it made stays.
      expect(readdirSync(cache).filter((dir) => !dir.endsWith('.tmp')).length, `round ${round}`).toBe(1);
    }
  });
});
