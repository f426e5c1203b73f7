// The records `site build` keeps for the next process: read back as they were kept, and not at all under another key.
import { existsSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Theme } from '../contracts/theme.ts';
import { makeTempFolder, removeFolder } from '../../tests/helpers/unit.ts';
import { keepRenders, keptRenders, keptRendersFile, laterRendersFile, rendersKey } from './kept-renders.ts';
import type { PageRecord, RenderMemory } from './memory.ts';

let folder: string;
beforeEach(async () => {
  folder = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(folder);
});

const theme = { templates: {} } as unknown as Theme;

function record(route: string, extra: Partial<PageRecord> = {}): PageRecord {
  const facts = { links: [[{ href: '/a', path: '/a' }]], linkedPaths: [new Set(['/a'])], inline: { styles: ["'sha256-x'"], scripts: [], attributes: [] } };
  return {
    page: { route, output: `${route.slice(1) || 'index'}.html`, source: `pages${route}.yaml`, template: 'page', html: '<!DOCTYPE html>', facts },
    diagnostics: [],
    own: `own ${route}`,
    global: 'global',
    reads: { 'collection:places': 'p1' },
    digest: `digest ${route}`,
    ...extra,
  };
}

describe('kept renders', () => {
  it('reads back each page kept, without its HTML, its facts as they were; not a page that failed or has no digest', async () => {
    const key = rendersKey('engine', 'theme')!;
    const file = keptRendersFile(folder, '/project');
    const memory: RenderMemory = {
      theme,
      records: new Map([
        ['index.html', record('/')],
        ['about.html', record('/about')],
        ['broken.html', record('/broken', { page: null, diagnostics: [{ code: 'render' } as never] })],
        ['plain.html', record('/plain', { digest: undefined })],
      ]),
    };
    await keepRenders(file, key, memory);
    const read = keptRenders(file, key, theme)!;
    expect(read.theme).toBe(theme);
    expect([...read.records.keys()]).toEqual(['index.html', 'about.html']);
    const about = read.records.get('about.html')!;
    const { page, ...rest } = record('/about');
    expect(about).toEqual({ ...rest, page: { ...page, html: '' }, fromCache: true });
  });

  it('reads nothing kept under another key (another engine, theme or React), nor a broken file', async () => {
    const file = keptRendersFile(folder, '/project');
    await keepRenders(file, rendersKey('engine', 'theme')!, { theme, records: new Map([['index.html', record('/')]]) });
    expect(keptRenders(file, rendersKey('engine', 'another theme')!, theme)).toBeUndefined();
    expect(keptRenders(file, rendersKey('another engine', 'theme')!, theme)).toBeUndefined();
    expect(rendersKey(undefined, 'theme')).toBeUndefined();
    expect(rendersKey('engine', undefined)).toBeUndefined();
    await writeFile(file, (await readFile(file, 'utf8')).slice(0, 40));
    expect(keptRenders(file, rendersKey('engine', 'theme')!, theme)).toBeUndefined();
    expect(keptRenders(join(folder, 'none.json'), rendersKey('engine', 'theme')!, theme)).toBeUndefined();
    // One file per project.
    expect(keptRendersFile(folder, '/project')).not.toBe(keptRendersFile(folder, '/another'));
  });

  it('throws away a file changed anywhere (a field gone, or of another type), whole, and never fails on it (generated)', async () => {
    const key = rendersKey('engine', 'theme')!;
    const file = keptRendersFile(folder, '/project');
    await keepRenders(file, key, {
      theme,
      records: new Map([
        ['index.html', record('/')],
        ['about.html', record('/about')],
      ]),
    });
    const text = await readFile(file, 'utf8');
    // Every place in the file: each key path of its JSON.
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      paths.push(path);
      if (value && typeof value === 'object')
        for (const [name, inner] of Object.entries(value)) walk(inner, [...path, Array.isArray(value) ? Number(name) : name]);
    };
    walk(JSON.parse(text), []);
    const places = paths.filter((path) => path.length > 0);
    let thrownAway = 0;
    fc.assert(
      fc.property(fc.constantFrom(...places), fc.option(fc.jsonValue(), { nil: undefined }), (path, value) => {
        const changed = JSON.parse(text) as Record<string | number, unknown>;
        let parent = changed;
        for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
        const last = path.at(-1)!;
        if (value === undefined) delete parent[last];
        else parent[last] = value;
        writeFileSync(file, JSON.stringify(changed));
        const read = keptRenders(file, key, theme);
        if (read === undefined) thrownAway++;
        // Read back only as a whole file of well-formed records: a page's facts then work as the build uses them.
        else for (const kept of read.records.values()) expect(kept.page!.facts.linkedPaths.every((paths) => paths instanceof Set)).toBe(true);
      }),
      { numRuns: 300 },
    );
    // Almost every change of a field's type or presence is one the file cannot carry.
    expect(thrownAway).toBeGreaterThan(150);
  });

  it('keeps a few records rendered again in the file of later records, read back over the kept ones, until they pass a tenth (generated builds)', async () => {
    const key = rendersKey('engine', 'theme')!;
    const file = keptRendersFile(folder, '/project');
    const routes = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    const outputOf = (route: string) => `${route.slice(1)}.html`;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uniqueArray(fc.constantFrom(...routes), { maxLength: 6 }), { minLength: 1, maxLength: 6 }), async (builds) => {
        // A first build keeps every record whole; each later one renders some pages again, with new fingerprints.
        let expected = new Map(routes.map((route) => [outputOf(route), record(route)]));
        await keepRenders(file, key, { theme, records: expected });
        for (const [n, again] of builds.entries()) {
          const loaded = keptRenders(file, key, theme)!;
          const records = new Map(loaded.records);
          for (const route of again) records.set(outputOf(route), record(route, { own: `own ${route} ${n}`, digest: `digest ${route} ${n}` }));
          const writtenBefore = (await readFile(file, 'utf8')).length;
          await keepRenders(file, key, { theme, records }, loaded);
          expected = records;
          const read = keptRenders(file, key, theme)!;
          expect([...read.records].map(([output, r]) => [output, r.own, r.digest]).sort()).toEqual(
            [...expected].map(([output, r]) => [output, r.own, r.digest]).sort(),
          );
          // The kept file itself is written again only once the later records pass a tenth of it.
          const later = existsSync(laterRendersFile(file)) ? [...keptRenders(laterRendersFile(file), key, theme)!.records.keys()] : [];
          expect(later.length).toBeLessThanOrEqual(3);
          if (later.length > 0) expect((await readFile(file, 'utf8')).length).toBe(writtenBefore);
        }
      }),
      { numRuns: 40 },
    );
  });
});
