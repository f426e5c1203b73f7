// Linked digests (linked-digests.ts): the digest of a cache file linked into the output, kept for the next build,
// vouches for the file only while it stands as it did when it was read; anything else makes the build read it.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { linkedDigests, linkedDigestsFile } from './linked-digests.ts';
import { markedFiles, OUTPUT_MARKER, stampOf } from './output-folder.ts';
import { keptFile, openStaging } from './write.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
function folder(): string {
  const root = mkdtempSync(join(tmpdir(), 'linked-digests-'));
  roots.push(root);
  return root;
}

type Change =
  | { kind: 'none' }
  | { kind: 'same size'; byte: number }
  | { kind: 'other size'; size: number }
  | { kind: 'replaced' | 'replaced, times kept'; byte: number }
  | { kind: 'touched' };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('same size' as const), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('other size' as const), size: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constantFrom('replaced' as const, 'replaced, times kept' as const), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.constant({ kind: 'touched' as const }),
);

describe('linked digests', () => {
  it('vouch for a file only while it stands as it did when kept: every rewrite, replacement or new time is seen (generated)', async () => {
    const root = folder();
    let run = 0;
    // Each change gets a time of its own: a file system's clock may give two writes in one tick the same time.
    let times = 1_000_000;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        const dir = join(root, `run-${run++}`);
        mkdirSync(dir);
        const file = join(dir, 'card.png');
        const store = join(dir, 'linked.json');
        writeFileSync(file, new Uint8Array(16).fill(1));
        for (const c of changes) {
          if (c.kind === 'same size') writeFileSync(file, new Uint8Array(16).fill(c.byte));
          else if (c.kind === 'other size') writeFileSync(file, new Uint8Array(c.size).fill(2));
          else if (c.kind === 'replaced' || c.kind === 'replaced, times kept') {
            writeFileSync(`${file}.new`, new Uint8Array(16).fill(c.byte));
            // Another file of the same size and times, to the nanosecond: only its inode tells it apart.
            if (c.kind === 'replaced, times kept') execFileSync('touch', ['-r', file, `${file}.new`]);
            renameSync(`${file}.new`, file);
          }
          if (c.kind !== 'none' && c.kind !== 'replaced, times kept') utimesSync(file, ++times, times);
          // A new build: the digests kept by the last one, then this one's reads.
          const digests = linkedDigests(store);
          const info = lstatSync(file, { bigint: true });
          const truth = await stampOf(file);
          const known = digests.known(info);
          if (known) expect(known).toEqual(truth);
          else digests.keep(info, truth!);
          await digests.save();
        }
        expect(linkedDigests(store).known(lstatSync(file, { bigint: true }))).toEqual(await stampOf(file));
      }),
      { numRuns: 80 },
    );
  });

  it('are thrown away whole when the file is not as this engine writes it', async () => {
    const dir = folder();
    const file = join(dir, 'card.png');
    writeFileSync(file, 'bytes');
    const info = lstatSync(file, { bigint: true });
    const good = [String(info.size), String(info.mtimeNs), 'a'.repeat(64)];
    const store = join(dir, 'linked.json');
    const withEntries = (entries: Record<string, unknown>, format = 1) => writeFileSync(store, JSON.stringify({ format, entries }));
    withEntries({ [`${info.dev}:${info.ino}`]: good });
    expect(linkedDigests(store).known(info)?.digest).toBe('a'.repeat(64));
    for (const bad of [
      () => withEntries({ [`${info.dev}:${info.ino}`]: good }, 2),
      () => withEntries({ [`${info.dev}:${info.ino}`]: good, other: [1, 2, 'b'.repeat(64)] }),
      () => withEntries({ [`${info.dev}:${info.ino}`]: good, other: ['1', '2', 'not a digest'] }),
      () => writeFileSync(store, '{"format":1,"entries":'),
    ]) {
      bad();
      expect(linkedDigests(store).known(info)).toBeUndefined();
    }
  });

  it('are written only when they change, and keep only the files a build linked', async () => {
    const dir = folder();
    const store = join(dir, 'linked.json');
    const files = ['a', 'b'].map((name) => join(dir, name));
    files.forEach((file) => writeFileSync(file, file));
    const infos = files.map((file) => lstatSync(file, { bigint: true }));
    const first = linkedDigests(store);
    for (const [i, file] of files.entries()) first.keep(infos[i]!, (await stampOf(file))!);
    await first.save();
    const written = readFileSync(store, 'utf8');
    rmSync(store);
    // Both used again: nothing to write.
    writeFileSync(store, written);
    const again = linkedDigests(store);
    infos.forEach((info) => expect(again.known(info)).toBeDefined());
    rmSync(store);
    await again.save();
    expect(() => readFileSync(store)).toThrow();
    // Only the first linked (its link found in place, as a tree written over finds it): the other's digest goes.
    writeFileSync(store, written);
    const one = linkedDigests(store);
    one.seen(`${infos[0]!.dev}:${infos[0]!.ino}`);
    await one.save();
    const kept = linkedDigests(store);
    expect(kept.known(infos[0]!)).toBeDefined();
    expect(kept.known(infos[1]!)).toBeUndefined();
  });

  it('spare a build with no tree to write over reading the cache files it links, once one build read them', async () => {
    const dir = folder();
    const out = join(dir, 'dist');
    const cache = join(dir, 'cache');
    const card = join(dir, 'card.png');
    await writeFile(card, new Uint8Array(32).fill(9));
    const build = async (cold = true) => {
      // No tree to write over: the output and the kept tree are gone, as before a cold build.
      if (cold) await rm(out, { recursive: true, force: true });
      await rm(join(cache, 'kept-output'), { recursive: true, force: true });
      const staging = await openStaging(out, cache);
      await staging.commit([keptFile('assets/card.png', { file: card, size: 32 })]);
      return markedFiles(await readFile(join(out, OUTPUT_MARKER), 'utf8')).get('assets/card.png');
    };
    expect(await build()).toEqual(await stampOf(card));
    // A build that knows the card from the last output (the same file, as stamped) keeps its digest all the same.
    expect(await build(false)).toEqual(await stampOf(card));
    expect(await build(false)).toEqual(await stampOf(card));
    // The kept digest is what the next build stamps the card with, unread: a digest put there by hand shows it.
    const store = linkedDigestsFile(cache, out);
    const kept = JSON.parse(await readFile(store, 'utf8')) as { entries: Record<string, string[]> };
    const [identity] = Object.keys(kept.entries);
    kept.entries[identity!]![2] = 'f'.repeat(64);
    await mkdir(cache, { recursive: true });
    await writeFile(store, JSON.stringify(kept));
    expect((await build())?.digest).toBe('f'.repeat(64));
    // Rewritten since (a new time), the card is read again.
    await writeFile(card, new Uint8Array(32).fill(9));
    utimesSync(card, 5, 5);
    expect(await build()).toEqual(await stampOf(card));
  });
});
