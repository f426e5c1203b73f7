// What a builder keeps between its builds (see createBuilder in build.ts), and how stages 1 to 3
// take their inputs from it: a later build loads the theme again only when something other than
// content changed, bundles again only when the client code did, reads only the changed files and
// parses only the texts the parse cache has not seen.
import type { BuildOptions } from './contracts/build.ts';
import type { Theme } from './contracts/theme.ts';
import { isContentPath } from './contracts/project.ts';
import { bundle, type Bundle } from './bundle/bundle.ts';
import { listContent, load, parseCacheFile, readParseCache, readParseCacheLater, reloadFiles, type ContentListing, type LoadedContent } from './load/load.ts';
import { loadTheme } from './load/theme.ts';
import type { RenderMemory } from './render/memory.ts';
import type { SiteRenderInput } from './render/threads.ts';
import { keepRenders, keptRenders, keptRendersFile, rendersKey } from './render/kept-renders.ts';
import { cardsKey, keptCards, keptCardsFile } from './images/kept-cards.ts';
import { siteMedia, type SiteMedia } from './images/media.ts';
import { themeHash } from './load/theme.ts';
import { cacheFolder } from './node-module.js';
import type { StageClock } from './stage-clock.ts';
import type { Thread } from './threads.ts';
import { editorSchemas } from './validate/editor-schemas.ts';
import { createParseCache } from './validate/parse-cache.ts';
import { warmParseCache } from './validate/parse-threads.ts';
import { checksOf, frontMatterFields, validate, validatorsFor, type Validated } from './validate/validate.ts';
import { checksKey, keepChecks, keptChecksFile, primeKeptChecks } from './rules/kept-checks.ts';
import { findingsKey, keepFindings, keptFindingsFile, primeFindings } from './rules/kept-theme-rules.ts';
import { allPages, type PageEntry, type SiteModel } from './contracts/model.ts';
import { refreshFiles, saveParseStore } from './write/write.ts';
import { keepTexts, knownTextsFile, readKeptTexts, sameTexts, textsKey, textsToKeep, type KeptTexts } from './load/known-texts.ts';

export interface BuildMemory {
  /** Built once: nothing is kept for a next build that will not come. */
  once: boolean;
  theme?: Theme;
  bundled?: Bundle;
  /** The theme `bundled` was made for. */
  bundledWith?: Theme;
  content?: LoadedContent;
  parsed?: Record<string, unknown>;
  rendered?: RenderMemory;
  /** The pages of the last build, by file, and the theme they were read for (with BuildOptions.keepGoing). */
  goodPages?: { theme: Theme; pages: ReadonlyMap<string, PageEntry> };
}

/** What stages 1 to 3 need to know of a build. */
export interface Run {
  root: string;
  options: BuildOptions;
  writing: boolean;
  memory: BuildMemory;
  clock: StageClock;
  /** Paths changed since the last build; undefined when everything is read again. */
  changed?: readonly string[];
}

/** The content's files, listed when the build reads everything (a first build, or one told nothing). */
export async function listingFor(run: Run): Promise<ContentListing | undefined> {
  return run.changed === undefined || run.memory.content === undefined ? listContent(run.root) : undefined;
}

/**
 * Stage 1, the theme, and stage 5, its bundle, started (esbuild works in its own process, so it runs
 * while this one loads and validates). Editors need the current schemas most when their content does
 * not validate yet, so they are refreshed with a new theme whatever follows.
 */
export async function themeFor(run: Run, fresh: boolean): Promise<{ theme: Theme; bundling: Promise<Bundle> }> {
  const { root, memory, clock, changed } = run;
  const themeTouched = fresh || changed!.some((path) => !isContentPath(path));
  // A theme that failed to load is loaded again by the next build, whatever changed.
  if (themeTouched) memory.theme = undefined;
  const theme = memory.theme ?? (await clock.time('theme', () => loadTheme(root)));
  const newTheme = theme !== memory.bundledWith;
  memory.theme = theme;
  if (newTheme && (run.options.editorSchemas ?? run.writing)) await refreshFiles(root, editorSchemas(theme));
  const rebundle = newTheme || !memory.bundled?.inputs || (themeTouched && changed!.some((path) => memory.bundled!.inputs!.includes(path)));
  const bundling = (rebundle ? clock.time('bundle', () => bundle(root, theme)) : Promise.resolve(memory.bundled!)).then((bundled) => {
    memory.bundled = bundled;
    memory.bundledWith = theme;
    return bundled;
  });
  // Awaited at stage 5; a build stopped before then must not leave its failure unhandled.
  bundling.catch(() => undefined);
  return { theme, bundling };
}

/** What stage 2 loaded: the content, the parse cache of earlier runs, and the texts the last `site build` kept. */
export interface Loaded {
  content: LoadedContent;
  cached: Record<string, unknown>;
  /** With `cached` only a part of the parse cache: the whole, read when first asked for (see createParseCache). */
  rest?: () => Record<string, unknown>;
  texts?: { file: string; key: string; kept: KeptTexts };
}

/**
 * Stage 2: the content (only the changed files, after a first build) and the parse cache of earlier runs. A build run
 * once, by the engine's bundle (which gives its key), reads only the page files that do not stand as the last one
 * read them (src/load/known-texts.ts).
 */
export async function contentFor(run: Run, listing: ContentListing | undefined): Promise<Loaded> {
  const { root, memory, options } = run;
  const file = knownTextsFile(cacheFolder(root), root);
  const texts = memory.once && options.engine !== undefined ? { file, key: textsKey(options.engine), kept: new Map() } : undefined;
  const [content, parses] = await run.clock.time('load', () => {
    if (texts) texts.kept = readKeptTexts(file, texts.key);
    const reading = listing ? load(root, listing, texts?.kept) : reloadFiles(root, memory.content!, run.changed!);
    return Promise.all([reading, parsesFor(run, texts !== undefined)]);
  });
  const read = options.overlay && !run.writing ? overlaid(content, options.overlay) : content;
  memory.content = read;
  // The part of the parse cache most builds never need is read now when many pages will need their values.
  const { rest } = parses;
  const needed = rest ? read.pages.filter((page) => !page.known?.checked).length : 0;
  const parsed = rest && needed > LAZY_PARSES ? { cached: rest() } : parses;
  return { content: read, ...parsed, ...(texts ? { texts } : {}) };
}

/**
 * The parse cache this build starts from: the builder's own, after a first build; with known texts, only the later
 * additions, the rest read when asked for (see createParseCache); else the whole, read now.
 */
async function parsesFor(run: Run, known: boolean): Promise<Pick<Loaded, 'cached' | 'rest'>> {
  if (run.memory.parsed) return { cached: run.memory.parsed };
  if (!known) return { cached: await readParseCache(run.root) };
  const { later, rest } = await readParseCacheLater(run.root);
  return { cached: later, rest };
}

/**
 * At most this many page files read anew (or known without a check) and the parse cache's larger part is read only
 * if a value is asked of it: parsing these few costs less than reading 10,000 values (about 0.2 s).
 */
const LAZY_PARSES = 64;

/** `content` with one file's text as `overlay` gives it: site.yaml, or a page file, replaced or added. */
function overlaid(content: LoadedContent, overlay: { file: string; text: string }): LoadedContent {
  const file = { file: overlay.file, text: overlay.text };
  if (overlay.file === 'site.yaml') return { ...content, site: file };
  const pages = [...content.pages.filter((page) => page.file !== overlay.file), file].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { ...content, pages };
}

/**
 * Stage 3: validation, a large site the parse cache has not seen parsed on every core first. The cache's
 * new entries are saved for the next process by `save` (when this thread would otherwise wait for the
 * others, and at the latest as the build ends); a builder that keeps running keeps them in memory.
 * Turning 10,000 values into JSON takes a few hundred milliseconds; a cache that cannot be saved costs only speed.
 * The pages' kept checks are given to the rules here too (`checks`, see pageChecksFor), and `save` waits for
 * this run's to be kept.
 */
export async function validateContent(run: Run, theme: Theme, { content, cached, rest, texts }: Loaded, threads: readonly Thread[]) {
  const { root, memory, clock, options } = run;
  const cache = createParseCache(cached, rest);
  if (threads.length > 0) await clock.time('parse', () => warmParseCache(content, cache, threads));
  const validated: Validated = await clock.time('validate', () =>
    validate(content, theme, validatorsFor(theme, root), {
      ...{ baseUrl: options.baseUrl, cache, drafts: options.drafts, today: options.today },
      // Read for another theme, a page's last reading may not fit its template's props now.
      ...(options.keepGoing && memory.goodPages?.theme === theme ? { lastGood: memory.goodPages.pages } : {}),
    }),
  );
  // A page file with errors in the next build stands in the model as it reads now (see ValidateOptions.lastGood).
  if (options.keepGoing && !memory.once) memory.goodPages = { theme, pages: new Map(allPages(validated.model).map((page) => [page.file, page])) };
  const firstBuild = !memory.parsed;
  // A builder that keeps running (never given `rest`) keeps what it parsed in memory.
  if (cache.whole()) memory.parsed = cache.changes() ?? cached;
  let saving: Promise<void> | undefined;
  let keepingTexts: Promise<void> | undefined;
  const checks = pageChecksFor(run, theme, validated.model);
  const save = async () => {
    if (firstBuild) saving ??= saveParseStore(parseCacheFile(root), cache, knownKeys(content), content.pages.length + 1);
    keepingTexts ??= texts ? keepKnownTexts(texts, content, cache.keyOf, checksOf(validated.model, theme, validatorsFor(theme, root))) : Promise.resolve();
    await Promise.all([saving, keepingTexts, checks.keeping()]);
  };
  return { validated, save, checks };
}

/** The parse cache's keys of the page files known without being read. */
function knownKeys(content: LoadedContent): string[] {
  return content.pages.flatMap((page) => (page.known ? [page.known.key] : []));
}

/** Keeps what this build knows of the page files' texts for the next, when that is not what it was given. */
function keepKnownTexts(
  texts: NonNullable<Loaded['texts']>,
  content: LoadedContent,
  keyOf: (text: string) => string,
  checkedOf: Parameters<typeof textsToKeep>[3],
): Promise<void> {
  const now = textsToKeep(content.pages, texts.kept, keyOf, checkedOf);
  return sameTexts(now, texts.kept) ? Promise.resolve() : keepTexts(texts.file, texts.key, now);
}

/**
 * What the render remembers and is given: the builder's memory of its last render (the dev server's), or for
 * `site build` the records its last run kept in the cache folder, and how to keep this run's for the next
 * (src/render/kept-renders.ts). Records are kept only by a writing build run once, by the engine's bundle (which
 * gives its key); each render thread sends back the records of its share. They may be kept before the output is
 * swapped in: a page is taken from the last output only when that output's marker vouches for the digest its record names.
 */
export function renderMemoryFor(run: Run, theme: Theme): Pick<SiteRenderInput, 'memory' | 'remember' | 'keep'> {
  const { root, options, memory } = run;
  const key = run.writing && options.stream && memory.once ? rendersKey(options.engine, themeHash(theme)) : undefined;
  if (key === undefined) return { memory: memory.rendered, remember: !memory.once };
  const file = keptRendersFile(cacheFolder(root), root);
  const kept = keptRenders(file, key, theme);
  return { memory: kept, remember: true, keep: (rendered) => keepRenders(file, key, rendered, kept) };
}

/**
 * Stages 4b and 4c, the photos and the share cards. The cards the last `site build` named, by page, are named again
 * without drawing them (src/images/kept-cards.ts): only by a build run once, by the engine's bundle (which gives its
 * key); a builder that keeps running keeps its pages, whose drawings it remembers itself.
 */
export function mediaFor(run: Run, theme: Theme, model: SiteModel): Promise<SiteMedia> {
  const { root, options, memory, clock } = run;
  const key = memory.once ? cardsKey(options.engine, themeHash(theme), model.site) : undefined;
  const kept = key === undefined ? undefined : keptCards(keptCardsFile(cacheFolder(root), root), key);
  return siteMedia(model, theme, cacheFolder(root), { defer: options.deferMedia === true && !run.writing, clock, ...(kept ? { kept } : {}) });
}

/** What a build does with the pages' kept checks: `ruled` is given what the rules found, once they ran. */
export interface PageChecks {
  ruled<T>(found: T): T;
  /** The keeping of this run's checks, once started (resolved when there is none to wait for). */
  keeping(): Promise<void>;
}

/**
 * The rules' facts about each page's own file that the last `site build` kept (src/rules/kept-checks.ts), given
 * to the rules before they run, and this run's kept once they have: only by a build run once, by the engine's
 * bundle (which gives its key), and only when a page's facts are not all as kept. A cache that cannot be kept
 * costs only speed.
 */
function pageChecksFor(run: Run, theme: Theme, model: SiteModel): PageChecks {
  const checkedWith = { placeholders: theme.placeholders, frontMatterFields: frontMatterFields(theme) };
  const key = run.memory.once ? checksKey(run.options.engine, checkedWith) : undefined;
  if (key === undefined) return { ruled: (found) => found, keeping: () => Promise.resolve() };
  const file = keptChecksFile(cacheFolder(run.root), run.root);
  const { primed, kept } = primeKeptChecks(file, key, model, checkedWith);
  const pages = allPages(model).length;
  const findings = themeFindingsFor(run, theme, model);
  let keeping: Promise<void> | undefined;
  return {
    ruled(found) {
      const checks = primed !== pages || kept !== pages ? keepChecks(file, key, model, checkedWith) : undefined;
      keeping ??= Promise.all([checks, findings?.()]).then(
        () => undefined,
        () => undefined,
      );
      return found;
    },
    keeping: () => keeping ?? Promise.resolve(),
  };
}

/**
 * What the theme's page rules found in each page as the last `site build` kept it (src/rules/kept-theme-rules.ts),
 * given to the rules before they run; returns how to keep this run's, when they are not all as kept (undefined else).
 */
function themeFindingsFor(run: Run, theme: Theme, model: SiteModel): (() => Promise<void>) | undefined {
  const { pageRules } = theme;
  const key = pageRules && findingsKey(run.options.engine, themeHash(theme), model);
  if (!pageRules || key === undefined) return undefined;
  const file = keptFindingsFile(cacheFolder(run.root), run.root);
  const { primed, kept } = primeFindings(file, key, model);
  const pages = model.pages.length;
  return primed === pages && kept === pages ? undefined : () => keepFindings(file, key, model, pageRules);
}
