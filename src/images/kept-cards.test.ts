// Kept cards (kept-cards.ts): a page's share card named from what the last build kept must be the card the theme
// draws for it now, whatever changed between the builds; only the drawing (and its hash) is spared.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempFolder, pageEntry, removeFolder, siteModel, tinyTheme } from '../../tests/helpers/unit.ts';
import type { PageEntry } from '../contracts/model.ts';
import { cacheKey } from '../digest.ts';
import { cardsKey, keptCards, keptCardsFile } from './kept-cards.ts';
import { shareCards } from './share-cards.ts';

const svg = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><text x="4" y="30" font-size="8">${text.replace(/[<&]/g, '')}</text></svg>`;
let folder: string;
beforeEach(async () => {
  folder = await makeTempFolder();
});
afterEach(() => removeFolder(folder));

/** A page as read through the parse cache: its text's digest stands for its value. */
function page(route: string, title: string): PageEntry {
  const entry = pageEntry(route, { title });
  return { ...entry, textKey: cacheKey(JSON.stringify(entry.data)) };
}

const ROUTES = ['/', '/a', '/b', '/c'];
const TITLES = ['Panels', 'Wiring', 'none', 'Same'];
/** One change between two builds. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('title' as const), page: fc.integer({ min: 0, max: ROUTES.length - 1 }), title: fc.constantFrom(...TITLES) }),
  fc.record({ kind: fc.constant('site' as const), name: fc.constantFrom('Volt', 'Amp') }),
  fc.constant({ kind: 'cards deleted' as const }),
  fc.constant({ kind: 'kept file garbled' as const }),
  fc.constant({ kind: 'none' as const }),
);

describe('kept cards', () => {
  it('name each page the card the theme draws for it now, whatever changed since they were kept (generated sequences)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        const dir = join(folder, `run-${run++}`);
        const cache = join(dir, 'cache');
        const file = keptCardsFile(cache, dir);
        const titles = ROUTES.map(() => 'Panels');
        let name = 'Volt';
        const drawn: string[] = [];
        // No card for a page titled "none"; two pages titled "Same" share one.
        const theme = tinyTheme({
          shareCard: ({ site, route, title }) => (
            drawn.push(route),
            title === 'none' ? undefined : { svg: svg(`${site.name} ${title}`), alt: `${title} at ${site.name}` }
          ),
        });
        for (const [step, c] of [{ kind: 'none' as const }, ...changes].entries()) {
          if (c.kind === 'title') titles[c.page] = c.title;
          else if (c.kind === 'site') name = c.name;
          else if (c.kind === 'cards deleted') await rm(join(cache, 'cards'), { recursive: true, force: true });
          else if (c.kind === 'kept file garbled') await writeFile(file, '{"format":1,"key":').catch(() => undefined);
          const model = siteModel({ pages: ROUTES.map((route, i) => page(route, titles[i]!)) });
          const site = { ...model.site, name };
          const built = { ...model, site };
          drawn.length = 0;
          const kept = keptCards(file, cardsKey('engine', 'theme', site)!);
          const named = await shareCards(built, theme, {}, cache, { kept });
          await kept.save();
          const drawnWithKept = [...drawn];
          const expected = await shareCards(built, theme, {}, cache);
          expect(named.cards).toEqual(expected.cards);
          // The same files, with the same bytes (drawn by this call, or linked from the cache).
          const bytes = (files: typeof named.files) => files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]);
          expect(bytes(named.files)).toEqual(bytes(expected.files));
          expect(named.diagnostics).toEqual(expected.diagnostics);
          // Nothing changed since the last build: only the pages without a card are drawn again (they keep nothing).
          if (c.kind === 'none' && step > 0) expect(drawnWithKept.sort()).toEqual(ROUTES.filter((_, i) => titles[i] === 'none').sort());
        }
      }),
      { numRuns: 25 },
    );
  });

  it('are thrown away whole when kept under another key or not as written', async () => {
    const file = keptCardsFile(folder, folder);
    const one = page('/', 'Panels');
    const first = keptCards(file, 'k1');
    first.keep(one, { format: 'png', key: 'a'.repeat(64), alt: 'Panels' });
    await first.save();
    expect(keptCards(file, 'k1').known(one)).toEqual({ format: 'png', key: 'a'.repeat(64), alt: 'Panels' });
    expect(keptCards(file, 'k2').known(one)).toBeUndefined();
    const text = (entry: unknown) => JSON.stringify({ format: 1, key: 'k1', cards: { x: entry, y: ['png', 'b'.repeat(64), 'ok'] } });
    for (const entry of [
      ['gif', 'a'.repeat(64), 'x'],
      ['png', 'short', 'x'],
      ['png', 'a'.repeat(64)],
      ['png', 'a'.repeat(64), 3],
    ]) {
      await writeFile(file, text(entry));
      expect(keptCards(file, 'k1').known(one), JSON.stringify(entry)).toBeUndefined();
    }
    // A page read without the parse cache has no fingerprint to keep it by.
    const unread = { ...one, textKey: undefined };
    const none = keptCards(file, 'k1');
    none.keep(unread, { format: 'png', key: 'a'.repeat(64), alt: 'x' });
    expect(none.known(unread)).toBeUndefined();
  });
});
