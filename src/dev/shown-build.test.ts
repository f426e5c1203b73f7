// Which pages a dev build updated, as its tabs see them: generated pairs of builds, each page's bytes
// kept, rendered again (to equal text or equal bytes), changed, added or removed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { outputFileFor } from '../url.ts';
import { NOTHING_SHOWN, tabsToReload, updatedRoutes, type ShownBuild } from './shown-build.ts';

type Fate = 'kept' | 'same-again' | 'same-as-bytes' | 'changed' | 'added' | 'removed';

const shownOf = (pages: ReadonlyMap<string, string | Uint8Array>, id: number): ShownBuild => ({
  ...NOTHING_SHOWN,
  id,
  files: new Map([...pages].map(([route, html]) => [outputFileFor(route), html])),
  routes: new Set(pages.keys()),
});

/** Two builds from each route's fate, and the routes whose tabs must see a change. */
function pair(fates: readonly Fate[]) {
  const before = new Map<string, string | Uint8Array>();
  const after = new Map<string, string | Uint8Array>();
  const expected = new Set<string>();
  fates.forEach((fate, n) => {
    const route = n === 0 ? '/' : `/page-${n}`;
    const html = `<!DOCTYPE html><title>page ${n}</title>`;
    if (fate !== 'added') before.set(route, html);
    // Rendered again: a string equal to the last one but not the same object, or the same text as bytes.
    if (fate === 'kept') after.set(route, html);
    if (fate === 'same-again') after.set(route, [...html].join(''));
    if (fate === 'same-as-bytes') after.set(route, new Uint8Array(Buffer.from(html)));
    if (fate === 'changed' || fate === 'added') after.set(route, html.replace('</title>', ' changed</title>'));
    if (fate === 'changed' || fate === 'added' || fate === 'removed') expected.add(route);
  });
  return { before: shownOf(before, 1), after: shownOf(after, 2), expected };
}

const fates = fc.array(fc.constantFrom<Fate>('kept', 'same-again', 'same-as-bytes', 'changed', 'added', 'removed'), { maxLength: 30 });

describe('updatedRoutes', () => {
  it('is the pages whose bytes changed, were added or removed: never one rendered again the same', () => {
    fc.assert(
      fc.property(fates, (list) => {
        const { before, after, expected } = pair(list);
        expect(new Set(updatedRoutes(before, after))).toEqual(expected);
      }),
    );
  });

  it('reloads the tabs of updated pages and of pages the last build lacked, after page edits only', () => {
    fc.assert(
      fc.property(fates, fc.string(), (list, otherRoute) => {
        const { before, after, expected } = pair(list);
        const reload = tabsToReload(before, ['pages/a.yaml'], updatedRoutes(before, after))!;
        for (const route of [...before.routes, ...after.routes]) expect(reload(route)).toBe(expected.has(route) || !before.routes.has(route));
        if (!before.routes.has('/' + otherRoute)) expect(reload('/' + otherRoute)).toBe(true);
        // A template, or the first build: every tab.
        expect(tabsToReload(before, ['templates/pages/home.tsx'], expected)).toBeUndefined();
        expect(tabsToReload(before, undefined, expected)).toBeUndefined();
      }),
    );
  });
});
