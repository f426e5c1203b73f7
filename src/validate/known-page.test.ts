// Known pages (known-page.ts): a YAML page known from an earlier build with its check stands in the model as it does
// read anew, and its value is loaded only when something reads it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../contracts/diagnostics.ts';
import { allPages, type SiteModel } from '../contracts/model.ts';
import { REDIRECTS_FILES } from '../contracts/project.ts';
import { cacheKey } from '../digest.ts';
import { imageFields } from '../images/fields.ts';
import { firstLineOf } from '../load/known-texts.ts';
import { load, type LoadedContent, type SourceFile } from '../load/load.ts';
import { loadTheme } from '../load/theme.ts';
import { themePageRules } from '../rules/theme-rules.ts';
import { tinyTheme } from '../../tests/helpers/unit.ts';
import { createParseCache } from './parse-cache.ts';
import { topLevelIndex } from './top-level.ts';
import { checksOf, compileValidators, validate, type Validators } from './validate.ts';
import type { Theme } from '../contracts/theme.ts';

const TODAY = '2026-01-01';

/** Counts of what a build read: the larger part of the parse cache, and page files' texts. */
interface Reads {
  rest: number;
  texts: number;
}

/**
 * `content` as a later build loads it: each YAML page known by its text's key, with the check `cold` gave it, its text
 * read only when asked for (`texts`, which `now` may have changed since); the parse cache's values in the part
 * read only when asked for (`rest`).
 */
function knownAgain(
  content: LoadedContent,
  cold: SiteModel,
  theme: Theme,
  validators: Validators,
  values: Record<string, unknown>,
  now = new Map<string, string>(),
) {
  const reads: Reads = { rest: 0, texts: 0 };
  const checkOf = checksOf(cold, theme, validators);
  const pages = content.pages.map((source): SourceFile => {
    const checked = checkOf(source.file, undefined);
    if (!checked || !/\.ya?ml$/.test(source.file) || REDIRECTS_FILES.includes(source.file)) return source;
    const { text } = source;
    const known = { key: cacheKey(text), length: text.length, firstLine: firstLineOf(text), topLevel: topLevelIndex(text), checked };
    return {
      file: source.file,
      known,
      get text() {
        reads.texts++;
        return now.get(source.file) ?? text;
      },
    };
  });
  const cache = createParseCache({}, () => (reads.rest++, { ...values }));
  return { content: { ...content, pages }, cache, reads };
}

/** A page entry as the other stages read it, its value and reading aside. */
const entryFacts = (model: SiteModel) =>
  allPages(model).map(({ file, route, template, head, status, textKey, body }) => ({ file, route, template, head, status, textKey, body }));

describe('a page known with its check', () => {
  it('stands in the model as it does read anew, every page of the project, and its value is read only when asked for', async () => {
    const theme = await loadTheme('.');
    const validators = compileValidators(theme);
    const content = await load('.');
    const coldCache = createParseCache({});
    const cold = validate(content, theme, validators, { cache: coldCache, today: TODAY });
    expect(cold.siteValid).toBe(true);
    const again = knownAgain(content, cold.model, theme, validators, coldCache.changes() ?? {});
    const warm = validate(again.content, theme, validators, { cache: again.cache, today: TODAY });
    const lazy = allPages(warm.model).filter((page) => page.facts);
    expect(lazy.length).toBeGreaterThan(20);
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(entryFacts(warm.model)).toEqual(entryFacts(cold.model));
    expect(JSON.stringify(warm.model.collections)).toBe(JSON.stringify(cold.model.collections));
    // Validation, the collections and each page's facts read no value and no text.
    expect(again.reads).toEqual({ rest: 0, texts: 0 });
    for (const page of lazy) expect([page.file, page.facts!.images]).toEqual([page.file, imageFields(theme.templates[page.template]!.schema, page.data)]);
    expect(again.reads.rest).toBe(1);
    expect(themePageRules(warm.model, theme.pageRules)).toEqual(themePageRules(cold.model, theme.pageRules));
    expect(JSON.stringify(allPages(warm.model).map((page) => page.data))).toBe(JSON.stringify(allPages(cold.model).map((page) => page.data)));
    expect(again.reads).toEqual({ rest: 1, texts: 0 });
  });

  it('has the value of its text when the cache lost it, and stops the build when the file changed since it was known (generated)', () => {
    const theme = tinyTheme();
    const validators = compileValidators(theme);
    const page = (heading: string) =>
      ['template: plain', 'title: A title of this page', `description: ${'A long description. '.repeat(4)}`, `heading: ${heading}`, ''].join('\n');
    let stopped = 0;
    const heading = fc.constantFrom('One', 'Two words', 'A "quoted" word', 'Ünïcode', 'No 3');
    fc.assert(
      fc.property(fc.array(fc.tuple(heading, fc.boolean(), fc.option(heading, { nil: undefined })), { minLength: 1, maxLength: 4 }), (pages) => {
        const files = pages.map(([text], i) => ({ file: `pages/p${i}.yaml`, text: page(text) }));
        const content: LoadedContent = { site: { file: 'site.yaml', text: 'name: Tiny\nbaseUrl: https://www.example.com\n' }, pages: files, statics: [] };
        const coldCache = createParseCache({});
        const cold = validate(content, theme, validators, { cache: coldCache, today: TODAY });
        expect(cold.diagnostics).toEqual([]);
        const values = { ...(coldCache.changes() ?? {}) };
        const now = new Map<string, string>();
        pages.forEach(([, lost, changed], i) => {
          if (lost) delete values[cacheKey(files[i]!.text)];
          if (changed !== undefined) now.set(files[i]!.file, page(`${changed} now`));
        });
        const again = knownAgain(content, cold.model, theme, validators, values, now);
        const warm = validate(again.content, theme, validators, { cache: again.cache, today: TODAY });
        expect(warm.diagnostics).toEqual([]);
        pages.forEach(([, , changed], i) => {
          const known = warm.model.pages.find((p) => p.file === files[i]!.file)!;
          expect(known.facts).toBeDefined();
          // Pages of one text share its entry: lost for one, it is lost for all, until one of them reads it again.
          const lost = !Object.hasOwn(values, cacheKey(files[i]!.text));
          const read = (() => {
            try {
              return known.data;
            } catch (thrown) {
              return thrown;
            }
          })();
          if (read instanceof ContentError) {
            expect([lost, changed !== undefined]).toEqual([true, true]);
            expect(read.diagnostics.map((d) => [d.code, d.file])).toEqual([['changed-while-building', files[i]!.file]]);
            stopped++;
          } else expect(read).toEqual(cold.model.pages.find((p) => p.file === files[i]!.file)!.data);
        });
      }),
      { numRuns: 200 },
    );
    expect(stopped).toBeGreaterThan(10);
  });
});
