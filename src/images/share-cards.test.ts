// Share cards: one PNG per page from the theme's SVG, cached by content, shared by pages with
// the same card, and a drawing that fails reported at the page's title.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempFolder, pageEntry, removeFolder, siteModel, tinyTheme } from '../../tests/helpers/unit.ts';
import { routeStem, shareCards } from './share-cards.ts';

const svg = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#123456"/><text x="40" y="300" font-size="60" fill="#fff">${text}</text></svg>`;
let cache: string;
beforeEach(async () => {
  cache = await makeTempFolder();
});
afterEach(() => removeFolder(cache));

describe('shareCards', () => {
  const model = siteModel({ pages: [pageEntry('/'), pageEntry('/about'), pageEntry('/same')] });

  it('draws each page’s card as a 1200 × 630 PNG named after its route, and one file for pages with the same card', async () => {
    const theme = tinyTheme({ shareCard: ({ route }) => ({ svg: svg(route === '/same' ? '/' : route), alt: `Card of ${route}` }) });
    const made = await shareCards(model, theme, {}, cache);
    expect(made.diagnostics).toEqual([]);
    expect(Object.keys(made.cards).sort()).toEqual(['/', '/about', '/same']);
    expect(made.cards['/about']).toEqual({
      src: expect.stringMatching(/^\/assets\/share\/about-[0-9a-f]{10}\.png$/),
      width: 1200,
      height: 630,
      alt: 'Card of /about',
    });
    expect(made.drawn).toBe(2);
    const png = made.files.find((f) => `/${f.path}` === made.cards['/']!.src)!;
    const meta = await sharp(png.contents).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await shareCards(model, theme, {}, join(cache));
    expect([again.drawn, again.cached]).toEqual([0, 2]);
    // Cards drawn before are not read into memory: the writer links them from the cache.
    const kept = again.files.find((f) => f.path === png.path)!;
    expect(kept.kept).toEqual({ file: expect.stringContaining(cache), size: png.contents.byteLength, identity: expect.any(String) });
    // Which file it is, so that a tree written over that holds this same file leaves it (src/write/kept-tree.ts).
    const { dev, ino } = statSync(kept.kept!.file, { bigint: true });
    expect(kept.kept!.identity).toBe(`${dev}:${ino}`);
    expect(Buffer.from(kept.contents).equals(Buffer.from(png.contents))).toBe(true);
  });

  it('draws the same bytes for the same drawing however many cards are drawn at once: full colour, never a palette dithered from shared random numbers', async () => {
    // A gradient, which a palette of 256 colours would have to dither, and text.
    const gradient = (text: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0b2545"/><stop offset="1" stop-color="#1d4e89"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><text x="40" y="300" font-size="60" fill="#fc0">${text}</text></svg>`;
    const pages = Array.from({ length: 12 }, (_, i) => pageEntry(`/p${i}`));
    const theme = tinyTheme({ shareCard: ({ route }) => ({ svg: gradient(route === '/p0' ? 'One' : `Card ${route}`), alt: route }) });
    const bytesOf = async (folder: string) => {
      const made = await shareCards(siteModel({ pages }), theme, {}, folder);
      return made.files.find((f) => `/${f.path}` === made.cards['/p0']!.src)!.contents;
    };
    const first = await bytesOf(join(cache, 'a'));
    // PNG's colour type, in its header: 2 (truecolour) or 6 (with alpha), never 3 (a palette).
    expect([2, 6]).toContain(first[25]);
    for (const again of ['b', 'c']) expect(Buffer.from(await bytesOf(join(cache, again))).equals(Buffer.from(first))).toBe(true);
  });

  it('reports a card that cannot be drawn at the page’s title', async () => {
    const theme = tinyTheme({ shareCard: () => ({ svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>unclosed', alt: 'x' }) });
    const made = await shareCards(siteModel({ pages: [pageEntry('/about')] }), theme, {}, cache);
    expect(made.diagnostics).toEqual([
      expect.objectContaining({ code: 'share-card', file: 'pages/about.yaml', line: 1, message: 'the share card of /about cannot be drawn' }),
    ]);
    expect(made.cards).toEqual({});
  });

  it("draws each page's card (the theme's SVG) once per page entry, site and theme, however often it is asked", async () => {
    const drawn: string[] = [];
    const theme = tinyTheme({ shareCard: ({ route }) => (drawn.push(route), { svg: svg(route), alt: `Card of ${route}` }) });
    const first = await shareCards(model, theme, {}, cache);
    const again = await shareCards(model, theme, {}, cache);
    expect(again.cards).toEqual(first.cards);
    expect(drawn).toEqual(['/', '/about', '/same']);
    // A page entry read again, or another site, is drawn again.
    const edited = { ...model, pages: [model.pages[0]!, { ...model.pages[1]! }, model.pages[2]!] };
    await shareCards(edited, theme, {}, cache);
    await shareCards({ ...edited, site: { ...edited.site } }, theme, {}, cache);
    expect(drawn).toEqual(['/', '/about', '/same', '/about', '/', '/about', '/same']);
  });

  it('names files after routes', () => {
    expect(routeStem('/')).toBe('home');
    expect(routeStem('/gta/vaughan')).toBe('gta-vaughan');
  });
});
