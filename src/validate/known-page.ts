// A YAML page known from an earlier build with its check (src/load/known-texts.ts): its file stands as it stood, and
// its template's schema, unchanged, checked its text cleanly then. Its entry is made from what was kept (the template,
// the head, who it joins, the images it names) and its value is loaded only when something reads it: a build after
// a one-page edit renders that page alone, so 10,000 pages' values (45 MB of parse cache) need not be read at all.
import { cacheKey } from '../digest.ts';
import { ContentError, diagnostic } from '../contracts/diagnostics.ts';
import type { PageEntry, PageFacts } from '../contracts/model.ts';
import type { Theme } from '../contracts/theme.ts';
import type { SourceFile } from '../load/load.ts';
import type { Checked } from '../load/known-texts.ts';
import { imageFields } from '../images/fields.ts';
import { withDefaults } from './defaults-patch.ts';
import { lazyKnown, parseYaml, type ParseCache, type ParsedYaml } from './yaml.ts';
import type { Validator } from './json-schema.ts';

/** The entry of a page known with a check its template's schema still gives; undefined for any other. */
export function knownPage(
  source: SourceFile,
  route: string,
  theme: Theme,
  templates: ReadonlyMap<string, Validator>,
  cache: ParseCache | undefined,
): PageEntry | undefined {
  const { known } = source;
  const checked = known?.checked;
  const template = checked && theme.templates[checked.template];
  if (!known || !checked || !template || template.markdown || templates.get(checked.template)?.key !== checked.validator) return undefined;
  let value: { raw: unknown } | undefined;
  const raw = () => (value ??= { raw: knownValue(source, known.key, cache) }).raw;
  let data: Record<string, unknown> | undefined;
  let parsed: ParsedYaml | undefined;
  return {
    file: source.file,
    route,
    template: checked.template,
    get data() {
      return (data ??= withDefaults(raw(), checked.defaults) as Record<string, unknown>);
    },
    head: { ...checked.head, titleField: 'title', descriptionField: 'description' },
    status: 'published',
    get source() {
      return (parsed ??= lazyKnown(source.file, known, () => source.text, raw));
    },
    textKey: known.key,
    facts: checked.facts,
  };
}

/**
 * The value of a known text: the parse cache's, or, when the cache no longer has it (deleted, or written by a build
 * that was stopped), its file's text parsed again. That text is the known one unless the file changed since the
 * build began: then the build stops and says so, as no reading of the old text is left to build with.
 */
function knownValue(source: SourceFile, key: string, cache: ParseCache | undefined): unknown {
  const cached = cache?.byKey?.(key);
  if (cached !== undefined) return cached;
  const text = source.text;
  const parsed = cacheKey(text) === key ? parseYaml(source.file, text, 0, cache) : undefined;
  if (parsed?.data === undefined || parsed.diagnostics.length > 0) throw new ContentError([diagnostic('changed-while-building', { file: source.file })]);
  return parsed.data;
}

/** What the engine reads of a page's value besides rendering it (PageFacts), from its value and its template's schema. */
export function pageFacts(page: Pick<PageEntry, 'data'>, template: Theme['templates'][string]): PageFacts {
  const joined = (page.data as { collections?: PageFacts['joined'] }).collections ?? {};
  return { joined, images: imageFields(template.schema, page.data) };
}

/** The check a page of the model is kept with for the next build: `validator` its template's schema, `defaults` what it added. */
export function checkOf(page: PageEntry, template: Theme['templates'][string], validator: Validator, defaults: Checked['defaults']): Checked {
  const { title, description, noindex } = page.head;
  return { validator: validator.key, defaults, template: page.template, head: { title, description, noindex }, facts: page.facts ?? pageFacts(page, template) };
}
