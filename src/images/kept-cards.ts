// What `site build` learned of each page's share card, kept in the cache folder for the next process: the card's
// format, key and alt text, by the page's fingerprint (its file, route, template and the digest of its text: see
// pageSignature). The theme draws a card from the site, the page's route, title, template and value alone, and the
// value is a function of the text and the theme, so the file is keyed by the engine's code, the theme's code, the
// site's value and the machine's fonts (fonts.ts): under that key, a page whose fingerprint is kept is not drawn as
// SVG and hashed again (about 90 ms of a warm build at 10,000 pages). Only drawings are kept: a card cut from a photo
// goes by the photo's bytes. The card itself is still looked for in the cache, and drawn when it is not there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageEntry } from '../contracts/model.ts';
import { cacheKey } from '../digest.ts';
import { keepWhole } from '../node-module.js';
import { pageSignature } from '../render/memory.ts';
import { machineFonts } from './fonts.ts';

/** Bumped when cards are kept differently. */
const FORMAT = 1;

/** What a page's card is, without drawing it. */
export interface CardFacts {
  format: 'png' | 'jpeg';
  /** The drawing's key in the cache (cardName in share-cards.ts). */
  key: string;
  alt: string;
}

export interface KeptCards {
  /** The card `page` had in the last build, when its fingerprint is kept (a page read without the parse cache has none). */
  known(page: PageEntry): CardFacts | undefined;
  keep(page: PageEntry, facts: CardFacts): void;
  /** Writes the cards of the pages this build had, when they are not those read. A file that cannot be written costs only speed. */
  save(): Promise<void>;
}

/** Where a project's cards are kept. */
export function keptCardsFile(folder: string, root: string): string {
  return join(folder, `cards-${cacheKey(root).slice(0, 12)}.json`);
}

/** The key cards drawn by the engine's code `engine` with the theme's bundle `themeCode` for `site` carry; undefined without both. */
export function cardsKey(engine: string | undefined, themeCode: string | undefined, site: unknown): string | undefined {
  if (engine === undefined || themeCode === undefined) return undefined;
  return cacheKey(JSON.stringify([FORMAT, engine, themeCode, site, machineFonts()]));
}

/** The cards kept in `file` under `key`; none when the file is another key's or not as written. */
export function keptCards(file: string, key: string): KeptCards {
  const read = readCards(file, key);
  const now = new Map<string, CardFacts>();
  let changed = false;
  const signatureOf = (page: PageEntry) => (page.textKey === undefined ? undefined : pageSignature(page));
  return {
    known(page) {
      const signature = signatureOf(page);
      const facts = signature === undefined ? undefined : read.get(signature);
      if (facts) now.set(signature!, facts);
      return facts;
    },
    keep(page, facts) {
      const signature = signatureOf(page);
      if (signature === undefined) return;
      const before = read.get(signature);
      if (!before || before.format !== facts.format || before.key !== facts.key || before.alt !== facts.alt) changed = true;
      now.set(signature, facts);
    },
    async save() {
      if (!changed && now.size === read.size) return;
      const cards = Object.fromEntries([...now].map(([signature, { format, key: drawing, alt }]) => [signature, [format, drawing, alt]]));
      await keepWhole(file, JSON.stringify({ format: FORMAT, key, cards }));
    },
  };
}

function readCards(file: string, key: string): Map<string, CardFacts> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; key?: unknown; cards?: unknown };
    if (kept.format !== FORMAT || kept.key !== key || typeof kept.cards !== 'object' || kept.cards === null) return new Map();
    const cards = new Map<string, CardFacts>();
    for (const [signature, entry] of Object.entries(kept.cards as Record<string, unknown>)) {
      // Anything not as written is thrown away whole, never half-used.
      if (!isEntry(entry)) return new Map();
      cards.set(signature, { format: entry[0], key: entry[1], alt: entry[2] });
    }
    return cards;
  } catch {
    return new Map();
  }
}

function isEntry(entry: unknown): entry is ['png' | 'jpeg', string, string] {
  return (
    Array.isArray(entry) &&
    entry.length === 3 &&
    (entry[0] === 'png' || entry[0] === 'jpeg') &&
    typeof entry[1] === 'string' &&
    /^[0-9a-f]{64}$/.test(entry[1]) &&
    typeof entry[2] === 'string'
  );
}
