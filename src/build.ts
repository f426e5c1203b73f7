// The pipeline, in order. This is the only place that knows the order:
//
//   1. theme     load the theme (templates/index.ts) and start bundling its client code
//                (and, when asked, type-checking its templates, as `site check` does)
//   2. load      read site.yaml, pages/, static/ and the parse cache from disk
//   3. validate  parse and check each file against its schema → the resolved model
//      then the gate: theme code is given the model only when site.yaml validated and nothing stops every page
//   4. rules     rules of meaning over the model: links, redirects, heads, routes
//                (run after 4b, 4c and 5, while other threads render; nothing they find stops it)
//   4b. images   photos made into their variants, and 4c. cards, each page's share card
//   5. bundle    (started in step 1) client scripts and the stylesheet, hashed
//   6. render    every page through its template to HTML
//   7. extras    _redirects, _headers, sitemap.xml, robots.txt
//   8. rules     rules over the output: links templates wrote, clashing files, inline code
//   9. write     swap the new output folder in, whole
//
// Every stage returns diagnostics instead of throwing; errors found anywhere
// stop the write, and only problems in inputs every page reads stop rendering.
import { resolve } from 'node:path';
import { ContentError, hasErrors, sortDiagnostics, stopsRendering, type Diagnostic } from './contracts/diagnostics.ts';
import type { Theme } from './contracts/theme.ts';
import type { SiteModel } from './contracts/model.ts';
import { isOnePagesFile, PAGES_DIR, SITE_FILE, STATIC_DIR } from './contracts/project.ts';
import { loadTheme } from './load/theme.ts';
import { cacheFolder } from './node-module.js';
import { themeFrame } from './load/theme-frames.ts';
import { listContent, load, parseCacheFile, readParseCache, reloadFiles, type ContentListing, type LoadedContent } from './load/load.ts';
import { images } from './images/index.ts';
import { shareCards } from './images/share-cards.ts';
import type { MediaJob } from './contracts/media-job.ts';
import { createParseCache } from './validate/parse-cache.ts';
import { compileValidators, validate, type Validated, type Validators } from './validate/validate.ts';
import { editorSchemas } from './validate/editor-schemas.ts';
import { checkData, checkRendered } from './rules/index.ts';
import { bundle, type Bundle, type OutputFile } from './bundle/bundle.ts';
import { render, type Rendered, type RenderedPage, type RenderMemory } from './render/render.ts';
import { prepareThreads, renderOnThreads, shareWeights } from './render/threads.ts';
import { startThread, threadModule, type Thread } from './threads.ts';
import { warmParseCache } from './validate/parse-threads.ts';
import { availableParallelism } from 'node:os';
import { extras, outputFiles } from './extras/index.ts';
import { entrySize, openStaging, outputError, refreshFiles, writeOutput, writeParseCache, type OutputEntry, type Staging } from './write/write.ts';
import { folderEntries, outputFolderProblem } from './write/output-folder.ts';
import { templateTypes } from './typecheck/template-types.ts';
import { concerning, namedFiles } from './check/named-files.ts';

export interface BuildOptions {
  /** The project folder holding site.yaml, pages/, templates/ and static/. Default: the current folder. */
  root?: string;
  /** The output folder, relative to `root`. It is replaced whole. Default: `dist`. */
  out?: string;
  /** Overrides site.yaml's baseUrl, e.g. for a preview deployment. Default: site.yaml's. */
  baseUrl?: string;
  /** `false` returns the files without touching the disk (for `check` and tests). Default: true. */
  write?: boolean;
  /** Refresh `schemas/*.json` for editors (even when the content has problems). Default: when writing. */
  editorSchemas?: boolean;
  /** Warnings count as errors, so nothing is written while there is one (for CI). Default: false. */
  strict?: boolean;
  /** Publish draft posts and posts dated after `today` too, for previews. Default: false. */
  drafts?: boolean;
  /** The day that decides which dated posts are published, as YYYY-MM-DD. Default: today, where the build runs. */
  today?: string;
  /**
   * Type-check the templates with the TypeScript compiler (a misspelt field otherwise renders as empty text).
   * Seconds when the theme has changed, milliseconds when not (the result is cached). Default: false.
   */
  types?: boolean;
  /**
   * Keep only each page's facts, not its HTML, so memory does not grow with the site's HTML: a
   * writing build writes each page as soon as it is rendered (`site build` does), a check just
   * drops it (`site check` does). The pages in the result then have empty `html`. Default: false.
   */
  stream?: boolean;
  /**
   * Threads to work on, counting this one, for a site of 400 page files or more: started as soon as
   * the files are listed, they load the engine and theme while this thread reads and checks the content, then
   * share the parsing of the YAML the parse cache lacks and, while streaming, render; `auto` is
   * one per core, at most 4. Threads need the engine's bundle, as `site build` runs it; from
   * sources, a build uses one. Default: 1.
   */
  threads?: number | 'auto';
  /** `false` renders every <Shared> block in place, in each page (slower): a check that a theme's `by` lists are complete. Default: true. */
  sharedBlocks?: boolean;
  /**
   * With `write: false` only (site dev): errors that are all in page files keep only their own
   * pages back, and the result holds the rest of the site with those errors among its diagnostics,
   * instead of a ContentError. One half-written draft then does not stop every other page from
   * updating. Errors anywhere else (site.yaml, a template, the redirects) still throw. Default: false.
   */
  keepGoing?: boolean;
  /**
   * With `write: false` only (site dev): photos and share cards the cache lacks are not made before the
   * render. Pages name them as they will be (names depend only on their sources), a photo's variants are
   * one quick stand-in for now, and the result's `later` makes the real files. A reload then waits
   * for none of them. Default: false.
   */
  deferMedia?: boolean;
}

export interface BuildResult {
  /** Every file of the output, sorted by path. */
  files: OutputEntry[];
  /** The rendered pages, sorted by output file. */
  pages: RenderedPage[];
  /** Warnings; errors are thrown as a ContentError. */
  diagnostics: Diagnostic[];
  /** Routes rendered by this build; a builder's later builds reuse the pages whose inputs did not change. */
  renderedRoutes: string[];
  /** With `deferMedia`: the files left to make, photos first; `files` holds a photo's stand-ins until then. */
  later: MediaJob[];
  stats: {
    pages: number;
    bytes: number;
    milliseconds: number;
    /** Milliseconds per stage: theme, load, validate, rules, bundle, render, extras, write, and types when asked for. */
    stages: Record<string, number>;
    /** Megabytes: the process's resident size as each stage ended, and its peak so far. */
    memory: { stages: Record<string, number>; peak: number };
    /** Raw bytes of each client script entry. */
    scripts: Record<string, number>;
    /** Photos made into variants by this build, and photos whose variants came from the cache. */
    images: { drawn: number; cached: number };
    /** Share cards drawn by this build, and cards taken from the cache. */
    cards: { drawn: number; cached: number };
  };
}

/** Builds the site: every stage in order. Throws a ContentError when the content has errors, having written nothing. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  return builder(options, { once: true }).build();
}

/**
 * A build that remembers: each `build(changed)` after the first reads only the
 * changed files, bundles only when client code changed, and renders only the
 * pages whose inputs changed (see src/render/memory.ts). The dev server keeps
 * one for its whole run; `build()` above is a builder used once.
 */
export interface Builder {
  /**
   * Builds again. `changed` lists project-relative paths (files or folders) added,
   * edited or removed since the last call; without it everything is read again.
   */
  build(changed?: readonly string[]): Promise<BuildResult>;
}

interface Memory {
  /** Built once: nothing is kept for a next build that will not come. */
  once: boolean;
  theme?: Theme;
  bundled?: Bundle;
  /** The theme `bundled` was made for. */
  bundledWith?: Theme;
  content?: LoadedContent;
  parsed?: Record<string, unknown>;
  rendered?: RenderMemory;
}

export function createBuilder(options: BuildOptions = {}): Builder {
  return builder(options, { once: false });
}

/** A builder; one used `once` remembers nothing for a next build. */
function builder(options: BuildOptions, use: { once: boolean }): Builder {
  const memory: Memory = { once: use.once };
  return { build: (changed) => buildWith(options, memory, changed) };
}

async function buildWith(options: BuildOptions, memory: Memory, changed?: readonly string[]): Promise<BuildResult> {
  const clock = stageClock();
  const root = resolve(options.root ?? '.');
  const out = options.out ?? 'dist';
  const writing = options.write !== false;
  const outProblem = writing ? outputFolderProblem(root, out, await folderEntries(resolve(root, out))) : undefined;
  if (outProblem) fail([outProblem]);

  // Threads, when the site is large enough to repay starting them (see src/threads.ts). A thread takes
  // a few hundred milliseconds to load the engine, so they start first, from a listing of the files
  // (a first build lists them all; a later one has its content), and load the engine and the theme
  // while this thread loads and checks the content.
  const listing = changed === undefined || memory.content === undefined ? await listContent(root) : undefined;
  const module = threadModule();
  const wanted = module ? threadCount(options.threads, listing ? listing.pageFiles.length : memory.content!.pages.length, THREADED_PAGES) : 1;
  const threads = Array.from({ length: wanted - 1 }, () => startThread(module!));
  if (options.stream) prepareThreads(threads, root);
  try {
    return await loadAndCheck({ root, out, writing, options, clock, memory, threads }, listing, changed);
  } finally {
    await Promise.all(threads.map((thread) => thread.close()));
  }
}

/** Stages 1 and 2 (theme, load; the bundle and the type check started), then the rest. */
async function loadAndCheck(step: Omit<Step, 'theme'>, listing: ContentListing | undefined, changed: readonly string[] | undefined): Promise<BuildResult> {
  const { root, writing, options, clock, memory } = step;
  // A first build lists its files; a later one reads only what changed.
  const fresh = listing !== undefined;
  // 1. theme; editors need the current schemas most when their content does not validate yet.
  const themeTouched = fresh || changed!.some((path) => !isContentPath(path));
  // A theme that failed to load is loaded again by the next build, whatever changed.
  if (themeTouched) memory.theme = undefined;
  const theme = memory.theme ?? (await clock.time('theme', () => loadTheme(root)));
  const newTheme = theme !== memory.bundledWith;
  memory.theme = theme;
  if (newTheme && (options.editorSchemas ?? writing)) await refreshFiles(root, editorSchemas(theme));
  // 5. bundle: esbuild works in its own process, so it runs while this one loads and validates.
  const rebundle = newTheme || !memory.bundled?.inputs || (themeTouched && changed!.some((path) => memory.bundled!.inputs!.includes(path)));
  const bundling = rebundle ? clock.time('bundle', () => bundle(root, theme)) : Promise.resolve(memory.bundled!);
  // The type check only when asked: builds stay fast, `site check` asks. The compiler is loaded only when its cached result is stale.
  const typing = options.types ? clock.time('types', () => templateTypes(root)) : undefined;

  // 2. load
  const [content, cached] = await clock.time('load', () => Promise.all([
    fresh ? load(root, listing) : reloadFiles(root, memory.content!, changed!),
    memory.parsed ?? readParseCache(root),
  ]));
  memory.content = content;
  return checkAndRender({ ...step, theme, bundling, typing, content, cached });
}

/** What every stage after loading works with. */
interface Step {
  root: string;
  out: string;
  writing: boolean;
  options: BuildOptions;
  clock: ReturnType<typeof stageClock>;
  memory: Memory;
  theme: Theme;
  /** Started threads: they parse, and render shares of the pages when streaming. */
  threads: readonly Thread[];
}

/** Work started in stage 1 and awaited at stage 5: the client bundle and, when asked, the type check. */
interface Started {
  bundling: Promise<Bundle>;
  typing: ReturnType<typeof templateTypes> | undefined;
}

/** What stages 3 onwards start from. */
interface LoadedStep extends Step, Started {
  content: LoadedContent;
  cached: Record<string, unknown>;
}

/** Stages 3 to 9: validate, rules, images and cards, then render and write. */
async function checkAndRender(step: LoadedStep): Promise<BuildResult> {
  const { root, options, clock, memory, theme, content, cached, threads } = step;
  // 3. validate; a large site the parse cache has not seen is parsed on every core first
  const cache = createParseCache(cached);
  if (threads.length > 0) await clock.time('parse', () => warmParseCache(content, cache, threads));
  const validated = await clock.time('validate', () => validate(content, theme, validatorsFor(theme, root), { baseUrl: options.baseUrl, cache, drafts: options.drafts, today: options.today }));
  const cacheChanges = cache.changes();
  // Saved for the next process when this thread would otherwise wait (for the other threads to finish
  // rendering), else as the build ends; a builder that keeps running keeps its cache in memory. Turning
  // 10,000 values into JSON takes a few hundred milliseconds. A cache that cannot be saved costs only speed.
  const firstBuild = !memory.parsed;
  memory.parsed = cacheChanges ?? cached;
  let saving: Promise<void> | undefined;
  const save = () => {
    if (cacheChanges && firstBuild) saving ??= writeParseCache(parseCacheFile(root), cacheChanges);
  };
  try {
    return await drawAndRender({ ...step, validated, idle: save });
  } finally {
    save();
    await saving;
  }
}

/** What stages 4 onwards start from. */
interface ValidatedStep extends Step, Started {
  validated: Validated;
  /** Work for when this thread would wait for the others (see RenderStep). */
  idle: () => void;
}

/** Stages 4b-c (images and cards), 5 (the bundle), then 4 (the rules, while other threads render) and 6 to 9. */
async function drawAndRender(step: ValidatedStep): Promise<BuildResult> {
  const { root, out, writing, options, clock, memory, theme, bundling, typing, validated, threads, idle } = step;
  const { claimedRoutes } = validated;

  // The gate between the content and the theme's code. Everything below it (share cards, page rules,
  // templates, the feed, manifest and security policy) is the theme's code and is given the model,
  // so it is passed only when site.yaml validated and nothing stops every page; a page that failed
  // its schema is not in the model at all. Stopped here, the build still reports all it can find
  // without the theme's code: the problems of each file, the engine's rules over the content, the
  // client code and, when asked, the templates' types.
  if (!validated.siteValid || validated.diagnostics.some(stopsRendering)) {
    const bundled = await bundling;
    memory.bundled = bundled;
    memory.bundledWith = theme;
    const engineRules = await clock.time('rules', () => checkData(validated.model, claimedRoutes, { placeholders: theme.placeholders }));
    fail([...validated.diagnostics, ...engineRules, ...bundled.diagnostics, ...(typing ? (await typing).diagnostics : [])]);
    // Validation that keeps the site back always says why; passing the gate without a word would be worse.
    throw new Error('site.yaml did not validate, yet validation reported no error about it');
  }

  // 4b. images: photos content names, made into their variants (or taken from the cache); 4c. share
  // cards, drawn by the theme for each page (or cut from its image), from the cache when drawn before.
  // Every page's render reads them; from the cache, they take a small part of a second at 10,000 pages.
  const cacheDir = cacheFolder(root);
  const defer = { defer: options.deferMedia === true && !writing };
  const pictured = await clock.time('images', () => images(validated.model, theme, cacheDir, defer));
  const carded = await clock.time('cards', () => shareCards(validated.model, theme, pictured.pictures, cacheDir, defer));
  const model: SiteModel = { ...validated.model, statics: pictured.statics, pictures: pictured.pictures, shareCards: carded.cards };
  const media: Media = {
    files: [...pictured.files, ...carded.files],
    replaced: pictured.replaced,
    later: [...pictured.later, ...carded.later],
    stats: { images: { drawn: pictured.drawn, cached: pictured.cached }, cards: { drawn: carded.drawn, cached: carded.cached } },
  };

  // 5. bundle, awaited
  const bundled = await bundling;
  memory.bundled = bundled;
  memory.bundledWith = theme;
  const found = [...validated.diagnostics, ...pictured.diagnostics, ...carded.diagnostics, ...bundled.diagnostics];
  if (typing) found.push(...(await typing).diagnostics);

  // 4. rules over the model. Nothing they find stops the render, so they run while other threads render.
  const rules = () => {
    const ruled = checkData(validated.model, claimedRoutes, { pageRules: theme.pageRules?.bind(theme), placeholders: theme.placeholders });
    // An image field's path to nothing is said once, as a missing image rather than as a broken link.
    const missing = new Set(pictured.diagnostics.filter((d) => d.code === 'image-missing').map(placeOf));
    return ruled.filter((d) => !(d.code === 'broken-link' && missing.has(placeOf(d))));
  };
  // Pages render even when other files have problems, so one run reports everything; only
  // a problem in what every page reads (site.yaml, client code) leaves nothing sensible to render.
  if (found.some(stopsRendering)) fail([...found, ...(await clock.time('rules', rules))]);

  // 6. render, each page written to a new output tree as it is made when streaming
  const staging = writing && options.stream ? await openStaging(resolve(root, out)) : undefined;
  try {
    return await renderAndWrite({ root, out, writing, options, clock, memory, model, theme, bundled, media, found, rules, idle, claimedRoutes, staging, threads });
  } catch (error) {
    await staging?.abandon();
    // A file system error while a thread wrote its pages (a full disk, say) is a problem at --out, as at the swap.
    throw staging ? outputError(resolve(root, out), error) : error;
  }
}

function placeOf(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}`;
}

/** How many threads work on `items` things: `auto` uses every core (up to 4) from `enough` of them, where the threads' start-up pays. */
function threadCount(threads: BuildOptions['threads'], items: number, enough: number): number {
  if (threads === undefined) return 1;
  if (threads !== 'auto') return Math.max(1, Math.floor(threads));
  return items < enough ? 1 : Math.min(availableParallelism(), 4);
}

/** From this many pages a build renders on several threads when asked for `auto`. */
const THREADED_PAGES = 400;

/** What the images and cards stages add to the output: their files, the static files they stand in for, their counts. */
interface Media {
  files: OutputFile[];
  replaced: ReadonlySet<string>;
  later: MediaJob[];
  stats: Pick<BuildResult['stats'], 'images' | 'cards'>;
}

/** What the render stage onwards works from: the earlier stages' results. */
interface RenderStep extends Step {
  model: SiteModel;
  bundled: Bundle;
  media: Media;
  /** Problems so far; the later stages add theirs. */
  found: Diagnostic[];
  /** Stage 4, the rules over the model: run while the other threads render, before this one's share. */
  rules: () => Diagnostic[];
  /** Called once this thread has rendered its share, while it waits for the other threads. */
  idle: () => void;
  claimedRoutes: readonly string[];
  /** The new output tree pages are written to as they are rendered, when streaming. */
  staging?: Staging;
}

/** Stages 6 to 9: render, extras, rules over the output, write. */
async function renderAndWrite(step: RenderStep): Promise<BuildResult> {
  const { root, out, writing, options, clock, memory, model, theme, bundled, media, found, claimedRoutes, staging, threads } = step;
  // Bytes the other threads wrote into the new tree (this thread's are counted by `staging`).
  let theirBytes = 0;
  const streamed = options.stream ? (page: RenderedPage) => {
    // A check writes nothing.
    staging?.write(page.output, page.html);
    return { ...page, html: '' };
  } : undefined;
  const helpers = streamed ? threads : [];
  // The other threads are given their shares first; this one runs the rules over the model, then
  // renders its own (smaller) share while they render theirs.
  const others = helpers.length > 0 ? renderOnThreads(helpers, root, staging && { folder: staging.folder, turns: staging.turns }, model, bundled.assets, options.sharedBlocks !== false) : Promise.resolve([]);
  const theirs = others.then((results) => ({ results }), (error: unknown) => ({ error }));
  let own: Rendered;
  try {
    found.push(...(await clock.time('rules', step.rules)));
    own = await clock.time('render', () => render(model, theme, bundled.assets, {
      memory: memory.rendered,
      locate: (stack) => themeFrame(root, stack),
      ...(streamed ? { onPage: streamed } : {}),
      shard: { index: 0, weights: shareWeights(helpers.length) },
      remember: !memory.once,
      ...(options.sharedBlocks === false ? { sharedBlocks: false } : {}),
    }));
  } catch (error) {
    // The other threads finish writing before the caller removes the tree they write into.
    await theirs;
    throw error;
  }
  step.idle();
  const rendered = await clock.time('render', async () => {
    const other = await theirs;
    if ('error' in other) throw other.error;
    if (other.results.length === 0) return own;
    theirBytes = other.results.reduce((sum, r) => sum + r.bytes, 0);
    const pages = [...own.pages, ...other.results.flatMap((r) => r.pages)].sort((a, b) => (a.output < b.output ? -1 : 1));
    // Pages rendered elsewhere are not in this thread's memory: a later build would render everything again.
    return { ...own, pages, diagnostics: [...own.diagnostics, ...other.results.flatMap((r) => r.diagnostics)], renderedRoutes: pages.map((p) => p.route), memory: undefined };
  });
  memory.rendered = rendered.memory;
  found.push(...rendered.diagnostics);

  // 7. extras
  const made = [...bundled.files, ...media.files];
  const feed = theme.post.feed?.(model.site);
  const manifest = theme.manifest?.(model.site);
  const extraFiles = await clock.time('extras', () => extras(model, rendered.pages, {
    policy: theme.securityPolicy?.(model.site) ?? {},
    ...(feed ? { feed: { ...feed, date: theme.post.date } } : {}),
    ...(manifest ? { manifest: { members: manifest, icons: bundled.manifestIcons } } : {}),
    // A redirect pattern must not hide a file the build made (a `/assets/*` rule, say).
    made: made.map((f) => f.path),
    // With errors found nothing is written, and a value the rules refused must not reach a writer's guard.
    refused: hasErrors(found),
  }));
  const generated = [...made, ...extraFiles];

  // 8. rules over the output
  found.push(...(await clock.time('rules', () => checkRendered(model, rendered.pages, { generated: generated.map((f) => f.path), claimedRoutes, found }))));
  // In site dev, a draft still being written is not held to what would stop it going live: a build that
  // leaves the draft out is not stopped by its placeholders, so they are warnings on its tab there.
  const drafts = new Set(options.keepGoing ? model.posts.filter((post) => post.status === 'draft').map((post) => post.file) : []);
  const leniently = found.map((d) => (d.code === 'placeholder' && drafts.has(d.file) ? { ...d, severity: 'warning' as const } : d));
  const judged = options.strict ? leniently.map(strictly) : leniently;
  if (!(options.keepGoing && !writing && judged.every((d) => d.severity !== 'error' || onePagesOwn(d)))) fail(judged);
  // A photo made into variants is not copied as it is: an 8 MB original has no place on the site.
  const statics = model.statics.filter((s) => !media.replaced.has(s.route));
  const output = outputFiles({ pages: staging ? [] : rendered.pages, assets: made, statics, generated: extraFiles });

  // 9. write (the pages are in the new tree already when streaming)
  if (staging) await clock.time('write', () => staging.commit(output));
  else if (writing) await clock.time('write', () => writeOutput(resolve(root, out), output));

  const bytes = (staging?.written ?? 0) + theirBytes + output.reduce((sum, f) => sum + entrySize(f), 0);
  return {
    files: output,
    pages: rendered.pages,
    diagnostics: sortDiagnostics(judged),
    renderedRoutes: rendered.renderedRoutes,
    later: media.later,
    stats: {
      pages: rendered.pages.length,
      bytes,
      milliseconds: clock.total(),
      stages: clock.stages,
      memory: { stages: clock.memory, peak: megabytes(process.resourceUsage().maxRSS * 1024) },
      scripts: bundled.sizes,
      ...media.stats,
    },
  };
}

/** Content the loader reads; any other change (templates, packages) may change the theme. */
function isContentPath(path: string): boolean {
  return path === SITE_FILE || path.startsWith(`${PAGES_DIR}/`) || path.startsWith(`${STATIC_DIR}/`) || path === PAGES_DIR || path === STATIC_DIR;
}

/** Under --strict a warning is an error: it stops the write and fails the check. */
function strictly(d: Diagnostic): Diagnostic {
  return d.severity === 'warning' ? { ...d, severity: 'error' } : d;
}

/** Milliseconds spent per stage (stages that overlap, like bundle, are timed on their own). */
function stageClock() {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const memory: Record<string, number> = {};
  return {
    stages,
    memory,
    async time<T>(name: string, run: () => T | Promise<T>): Promise<T> {
      const from = performance.now();
      try {
        return await run();
      } finally {
        stages[name] = Math.round((stages[name] ?? 0) + performance.now() - from);
        // The process's size as the stage ends: where memory grows is where to look first.
        memory[name] = megabytes(process.memoryUsage.rss());
      }
    },
    total: () => Math.round(performance.now() - started),
  };
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 1_048_576);
}

export interface CheckOptions extends Omit<BuildOptions, 'write' | 'out'> {
  /**
   * Report only on these files or folders (absolute, or relative to `root`): their own problems and
   * problems elsewhere about them (see `concerning`). The whole site is checked all the same.
   */
  files?: readonly string[];
}

/** `site check`: everything a build does but writing, so a passing check means a passing build. */
export async function check(options: CheckOptions = {}): Promise<Diagnostic[]> {
  const { files, ...rest } = options;
  const named = files ? namedFiles(resolve(options.root ?? '.'), files) : undefined;
  if (named?.problems.length) return named.problems;
  let found: Diagnostic[];
  try {
    found = (await build({ stream: true, threads: 'auto', ...rest, write: false })).diagnostics;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    found = error.diagnostics;
  }
  return named ? found.filter(concerning(named.named)) : found;
}

/** An error in one page's own file that keeps only that page back (see `keepGoing`): not the redirects, which every page answers to. */
function onePagesOwn(d: Diagnostic): boolean {
  return isOnePagesFile(d.file) && d.code !== 'output-clash';
}

function fail(diagnostics: Diagnostic[]): void {
  if (hasErrors(diagnostics)) throw new ContentError(sortDiagnostics(diagnostics));
}

// Compiling schemas is the slowest step of a check; a theme object is compiled once per process, and the
// compiled code is kept in the project's cache for the next process (where the cache is in the project's
// node_modules, whose ajv the kept code needs).
const compiled = new WeakMap<Theme, Validators>();
function validatorsFor(theme: Theme, root: string): Validators {
  let validators = compiled.get(theme);
  const folder = cacheFolder(root);
  if (!validators) compiled.set(theme, (validators = compileValidators(theme, folder.startsWith(root) ? folder : undefined)));
  return validators;
}

