// Kept theme findings (kept-theme-rules.ts): what the theme's page rules found in each page, given back to the next
// process, must be what the rules would find again, whatever changed between the two: a page, the site, the collections.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../contracts/model.ts';
import type { Theme } from '../contracts/theme.ts';
import { pageEntry, siteModel } from '../../tests/helpers/unit.ts';
import { findingsKey, keepFindings, keptFindingsFile, primeFindings } from './kept-theme-rules.ts';
import { themePageRules } from './theme-rules.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A site of three pages, as one state of the generated sequence says. */
interface State {
  name: string;
  headings: string[];
  /** How many pages join the `areas` collection. */
  members: number;
}

function modelOf(state: State): SiteModel {
  const pages = state.headings.map((heading, i) => ({ ...pageEntry(`/p${i}`, { heading }), textKey: `key of ${heading}` }));
  const areas = pages.slice(0, state.members).map((page) => ({ route: page.route, title: page.head.title, data: {}, status: 'published' as const }));
  return siteModel({ site: { name: state.name, baseUrl: 'https://www.example.com' }, pages, collections: { areas } });
}

/** A rule that reads all it is given: the page's value, the site and the collections. */
function rules(runs: { count: number }): NonNullable<Theme['pageRules']> {
  return ({ page, site, collections }) => {
    runs.count++;
    const heading = String((page.data as { heading: string }).heading);
    const name = String((site as { name: string }).name);
    const problems = heading.length > name.length ? [{ path: ['heading'], message: `longer than ${name}` }] : [];
    if ((collections.areas ?? []).length > 1 && heading === 'Two') problems.push({ path: ['title'], message: 'one of many' });
    return problems;
  };
}

type Change = { name: string } | { page: number; heading: string } | { members: number } | 'garbled' | 'nothing';

describe('kept theme findings', () => {
  it('give the rules what they would find again, and spare them only the pages whose inputs are as kept (generated)', async () => {
    const heading = fc.constantFrom('One', 'Two', 'Three words', 'x');
    const change: fc.Arbitrary<Change> = fc.oneof(
      fc.constantFrom('Site', 'A longer site name').map((name) => ({ name })),
      fc.record({ page: fc.integer({ min: 0, max: 2 }), heading }),
      fc.integer({ min: 0, max: 3 }).map((members) => ({ members })),
      fc.constantFrom<Change>('garbled', 'nothing'),
    );
    let spared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        const folder = mkdtempSync(join(tmpdir(), 'kept-findings-'));
        folders.push(folder);
        const file = keptFindingsFile(folder, folder);
        let state: State = { name: 'Site', headings: ['One', 'Two', 'Three words'], members: 2 };
        for (const step of ['nothing' as const, ...changes]) {
          if (step === 'garbled') writeFileSync(file, '{"key":');
          else if (step !== 'nothing') {
            if ('name' in step) state = { ...state, name: step.name };
            if ('members' in step) state = { ...state, members: step.members };
            if ('page' in step) state = { ...state, headings: state.headings.map((h, i) => (i === step.page ? step.heading : h)) };
          }
          const fresh = { count: 0 };
          const expected = themePageRules(modelOf(state), rules(fresh));
          const model = modelOf(state);
          const runs = { count: 0 };
          const key = findingsKey('engine', 'theme', model)!;
          const { primed } = primeFindings(file, key, model);
          expect(themePageRules(model, rules(runs))).toEqual(expected);
          expect(runs.count).toBe(model.pages.length - primed);
          spared += primed;
          await keepFindings(file, key, model, rules(runs));
          // Keeping them runs no rule again.
          expect(runs.count).toBe(model.pages.length - primed);
        }
      }),
      { numRuns: 60 },
    );
    expect(spared).toBeGreaterThan(100);
  });

  it('are not given for another engine or theme', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kept-findings-'));
    folders.push(folder);
    const file = keptFindingsFile(folder, folder);
    const state = { name: 'S', headings: ['One', 'Two', 'Three words'], members: 2 };
    await keepFindings(file, findingsKey('engine', 'theme', modelOf(state))!, modelOf(state), rules({ count: 0 }));
    expect(primeFindings(file, findingsKey('engine', 'theme', modelOf(state))!, modelOf(state)).primed).toBe(3);
    expect(primeFindings(file, findingsKey('engine 2', 'theme', modelOf(state))!, modelOf(state)).primed).toBe(0);
    expect(primeFindings(file, findingsKey('engine', 'theme 2', modelOf(state))!, modelOf(state)).primed).toBe(0);
    expect(findingsKey(undefined, 'theme', modelOf(state))).toBeUndefined();
  });
});
