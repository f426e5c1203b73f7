// Which pages a dev build updated, as its tabs see them: generated pairs of builds, each page's bytes
// kept, rendered again (to equal text or equal bytes), changed, added or removed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { outputFileFor } from '../url.ts';
import { NOTHING_SHOWN, tabsToReload, updatedRoutes, type ShownBuild } from './shown-build.ts';

type Fate = 'kept' | 'same-again' | 'same-as-bytes' | 'changed' | 'added' | 'removed';
/** A page's problems in the two builds: none, only before (fixed), only after (a mistake made), or in both. */
type Problems = 'none' | 'fixed' | 'made' | 'both';

const shownOf = (pages: ReadonlyMap<string, string | Uint8Array>, id: number, problems: ReadonlySet<string> = new Set()): ShownBuild => ({
  ...NOTHING_SHOWN,
  id,
  files: new Map([...pages].map(([route, html]) => [outputFileFor(route), html])),
  routes: new Set(pages.keys()),
  pageProblems: new Map([...problems].map((route) => [route, { summary: '1 error in 1 file', problems: [] }])),
});

/** Two builds from each route's fate (and problems), the routes whose pages changed, and those whose tabs reload. */
function pair(fates: readonly Fate[], problems: readonly Problems[] = []) {
  const before = new Map<string, string | Uint8Array>();
  const after = new Map<string, string | Uint8Array>();
  const [problemsBefore, problemsAfter] = [new Set<string>(), new Set<string>()];
  const expected = new Set<string>();
  const reloaded = new Set<string>();
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
    const problem = problems[n] ?? 'none';
    if (problem === 'fixed' || problem === 'both') problemsBefore.add(route);
    if (problem === 'made' || problem === 'both') problemsAfter.add(route);
    if (expected.has(route) || fate === 'added' || (problem === 'fixed' && fate !== 'removed')) reloaded.add(route);
  });
  return { before: shownOf(before, 1, problemsBefore), after: shownOf(after, 2, problemsAfter), expected, reloaded };
}

const problemStates = fc.constantFrom<Problems>('none', 'fixed', 'made', 'both');
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

  it('reloads the tabs of updated pages, of pages the last build lacked and of pages whose problems are gone, after page edits only', () => {
    fc.assert(
      fc.property(fates, fc.array(problemStates, { maxLength: 30 }), fc.string(), (list, problems, otherRoute) => {
        const { before, after, reloaded } = pair(list, problems);
        const updated = updatedRoutes(before, after);
        const reload = tabsToReload(before, after, ['pages/a.yaml'], updated)!;
        for (const route of [...before.routes, ...after.routes]) expect(reload(route), route).toBe(reloaded.has(route));
        if (!before.routes.has('/' + otherRoute)) expect(reload('/' + otherRoute)).toBe(true);
        // A template, or the first build: every tab.
        expect(tabsToReload(before, after, ['templates/pages/home.tsx'], updated)).toBeUndefined();
        expect(tabsToReload(before, after, undefined, updated)).toBeUndefined();
      }),
    );
  });
});
