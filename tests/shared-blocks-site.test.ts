// The theme's <Shared> blocks (header, footer) name everything their HTML depends on:
// every page of the real site is the same spliced as rendered in place, and so are its facts.
import { describe, expect, it } from 'vitest';
import { build } from 'trn-site/internal/build.ts';
import { pageFacts, pathsOf, urlsOf } from 'trn-site/internal/html/page-facts.ts';

describe('shared blocks on the real site', () => {
  it('splices into every page exactly the HTML rendering in place gives', async () => {
    const [spliced, inPlace] = await Promise.all([
      build({ root: '.', write: false, editorSchemas: false }),
      build({ root: '.', write: false, editorSchemas: false, sharedBlocks: false }),
    ]);
    expect(spliced.pages.length).toBeGreaterThan(1);
    const differing = spliced.pages.filter((page, i) => page.html !== inPlace.pages[i]!.html).map((page) => page.route);
    expect(differing).toEqual([]);
    expect(spliced.pages.map((p) => p.route)).toEqual(inPlace.pages.map((p) => p.route));
    // Facts are found piece by piece, each block scanned once: they must be what a scan of the whole page finds.
    for (const page of spliced.pages) {
      const whole = pageFacts(page.html);
      expect(urlsOf(page.facts), page.route).toEqual(urlsOf(whole));
      expect(pathsOf(page.facts), page.route).toEqual(pathsOf(whole));
      expect(page.facts.inline, page.route).toEqual(whole.inline);
    }
    expect(spliced.pages.every((page, i) => urlsOf(page.facts).length === urlsOf(inPlace.pages[i]!.facts).length)).toBe(true);
  });
});
