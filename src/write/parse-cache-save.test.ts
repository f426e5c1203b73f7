// saveParseCache() and readParseCache(): a build that used nearly all of the cache and parsed a few texts anew
// writes only those, to the file of later additions; whatever runs come and go, the cache read back holds every
// entry the last run used, each with its own value, and never more than a tenth more besides.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laterParsesFile, parseCacheFile, readParseCache, readParseCacheLater } from '../load/load.ts';
import { cacheKey } from '../digest.ts';
import { createParseCache } from '../validate/parse-cache.ts';
import { saveParseCache, saveParseStore } from './write.ts';
import { makeTempFolder, removeFolder } from '../../tests/helpers/unit.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
  // With a node_modules, the cache folder is the project's own.
  await mkdir(join(root, 'node_modules'));
});
afterEach(() => removeFolder(root));

/** The value a key stands for: a cache entry is a function of its key (the digest of a text). */
const valueOf = (key: string) => ({ parsed: key, list: [key.length] });

describe('saveParseCache', () => {
  it('keeps every entry a run used, each with its value, and at most a tenth more, after any sequence of runs', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // Each run uses a set of keys drawn from a universe of 60; most runs keep most keys (edits), some change many.
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { minLength: 0, maxLength: 60 }), { minLength: 1, maxLength: 8 }),
        async (runs) => {
          const project = join(root, `p${run++}`);
          await mkdir(join(project, 'node_modules'), { recursive: true });
          const file = parseCacheFile(project);
          for (const keys of runs) {
            const loaded = await readParseCache(project);
            const used = Object.fromEntries(keys.map((k) => [`k${k}`, valueOf(`k${k}`)]));
            await saveParseCache(file, used, loaded);
            const back = await readParseCache(project);
            for (const key of Object.keys(used)) expect(back[key], key).toEqual(used[key]);
            for (const [key, value] of Object.entries(back)) expect(value, key).toEqual(valueOf(key));
            expect(Object.keys(back).length).toBeLessThanOrEqual(keys.length + Math.floor(keys.length / 10));
          }
          // Nothing but the two files in the folder: no temporary file left.
          const names = (await readdir(join(file, '..'))).filter((name) => name.startsWith('parsed-'));
          expect(names.every((name) => name === file.split('/').at(-1) || name === laterParsesFile(file).split('/').at(-1))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes a few new entries to the file of later additions, and leaves the whole file as it was', async () => {
    const file = parseCacheFile(root);
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, valueOf(`k${i}`)]));
    await saveParseCache(file, many, await readParseCache(root));
    const edited: Record<string, unknown> = { ...many, new1: valueOf('new1') };
    delete edited.k3;
    await saveParseCache(file, edited, await readParseCache(root));
    expect(await readParseCache(root)).toEqual({ ...many, new1: valueOf('new1') });
    expect(Object.keys(JSON.parse(await readFile(laterParsesFile(file), 'utf8')))).toEqual(['new1']);
  });

  it('keeps every entry in use, known or parsed anew, whether the run read the larger part of the cache or not (generated)', async () => {
    let run = 0;
    const textOf = (n: number) => `text ${n}\n`;
    const entryOf = (text: string) => ({ parsed: text });
    await fc.assert(
      fc.asyncProperty(
        // Each run: the texts in use (of 40), whether it reads the whole cache from the start, and which known values it reads.
        fc.array(fc.tuple(fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { maxLength: 40 }), fc.boolean(), fc.array(fc.boolean(), { maxLength: 40 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (runs) => {
          const project = join(root, `q${run++}`);
          await mkdir(join(project, 'node_modules'), { recursive: true });
          const file = parseCacheFile(project);
          let before = new Set<number>();
          let share = 0;
          for (const [texts, whole, reads] of runs) {
            const { later, rest } = await readParseCacheLater(project);
            const cache = whole ? createParseCache(await readParseCache(project)) : createParseCache(later, rest);
            // A text in use in the last run too stands as it was: known by its key; the others are read anew.
            const known = texts.filter((n) => before.has(n));
            known.forEach((n, i) => {
              if (reads[i]) expect(cache.byKey(cacheKey(textOf(n)))).toEqual(entryOf(textOf(n)));
            });
            for (const n of texts.filter((t) => !before.has(t))) if (cache.get(textOf(n)) === undefined) cache.set(textOf(n), entryOf(textOf(n)));
            await saveParseStore(
              file,
              cache,
              known.map((n) => cacheKey(textOf(n))),
              texts.length,
            );
            const back = await readParseCache(project);
            for (const n of texts) expect(back[cacheKey(textOf(n))], textOf(n)).toEqual(entryOf(textOf(n)));
            // The later additions stay a tenth of the entries in use (of this run when it wrote them, else of an earlier one),
            // or 64 for a build that did not read the whole cache.
            share = Math.max(share, texts.length / 10, whole ? 0 : 64);
            const laterBack = await readFile(laterParsesFile(file), 'utf8').then(
              (text) => Object.keys(JSON.parse(text) as object).length,
              () => 0,
            );
            expect(laterBack).toBeLessThanOrEqual(share);
            before = new Set(texts);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
