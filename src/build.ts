// The pipeline, in the order it runs. This is the only place that knows the order
// (docs/architecture.md has the same table):
//
//   1. theme     load the theme (templates/index.ts); 5. its bundle and, when asked, the type check start
//   2. load      read site.yaml, pages/, static/ and the parse cache
//   3. validate  parse and check each file against its schema → the resolved model
//      the gate: theme code is given the model only when site.yaml validated and nothing stops every page
//   4b. images   photos made into their variants; 4c. cards, each page's share card
//   5. bundle    (started in 1) client scripts and the stylesheet, hashed
//   4. rules     rules of meaning over the model, while other threads render (nothing they find stops it);
//                an unchanged page's own file is judged as the last site build judged it (kept-checks.ts)
//   6. render    every page through its template to HTML
//   7. extras    _redirects, _headers, sitemap.xml, robots.txt, the feed, the manifest
//   8. rules     rules over the output; the options judge what was found
//   9. write     swap the new output folder in, whole
//
// Every stage returns diagnostics instead of throwing; errors found anywhere stop the
// write, and only problems in inputs every page reads stop rendering.
import { resolve } from 'node:path';
import type { BuildOptions, BuildResult, Builder } from './contracts/build.ts';
import { hasErrors, stopOnErrors, stopsRendering, type Diagnostic } from './contracts/diagnostics.ts';
import { cacheFolder } from './node-module.js';
import { contentFor, listingFor, mediaFor, renderMemoryFor, themeFor, validateContent, type BuildMemory, type Run } from './build-memory.ts';
import { checkData, checkRendered, modelRules } from './rules/index.ts';
import { verdict } from './rules/verdict.ts';
import type { Validated } from './validate/validate.ts';
import type { Theme } from './contracts/theme.ts';
import { prepareThreads, renderSite } from './render/threads.ts';
import { closeThreads, startThreads } from './threads.ts';
import { outputFiles, siteBytes, themedExtras } from './extras/index.ts';
import { outputError, writeOutput, type Staging } from './write/write.ts';
import { placesChecked, writableOutput } from './write/places.ts';
import { templateTypes } from './typecheck/template-types.ts';
import { peakMegabytes, stageClock } from './stage-clock.ts';

export type { BuildOptions, BuildResult, Builder } from './contracts/build.ts';

/** Builds the site: every stage in order. Throws a ContentError when the content has errors, having written nothing. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  return builder(options, true).build();
}

/**
 * A build that remembers: each `build(changed)` after the first reads only the changed files,
 * bundles only when client code changed, and renders only the pages whose inputs changed (see
 * src/build-memory.ts and src/render/memory.ts). The dev server keeps one for its whole run.
 */
export function createBuilder(options: BuildOptions = {}): Builder {
  return builder(options, false);
}

function builder(options: BuildOptions, once: boolean): Builder {
  const memory: BuildMemory = { once };
  return { build: (changed) => buildWith(options, memory, changed) };
}

/** From this many pages a build renders on several threads when asked for `auto`. */
const THREADED_PAGES = 400;

async function buildWith(options: BuildOptions, memory: BuildMemory, changed?: readonly string[]): Promise<BuildResult> {
  const root = resolve(options.root ?? '.');
  const out = resolve(root, options.out ?? 'dist');
  const run: Run = { root, options, writing: options.write !== false, memory, clock: stageClock(), ...(changed ? { changed } : {}) };
  const { clock } = run;
  const judgingOutput = await placesChecked(root, options.out ?? 'dist', run.writing);
  // Threads start first, from a listing of the files, and load the engine, then the theme (see prepareThreads), while this one checks the content.
  const listing = await listingFor(run);
  const threads = startThreads(options.threads, listing ? listing.pageFiles.length : memory.content!.pages.length, THREADED_PAGES);
  let saveCache = () => Promise.resolve();
  let staging: Staging | undefined;
  try {
    const { theme, bundling } = await themeFor(run, listing !== undefined); // 1, and 5 started
    if (options.stream) prepareThreads(threads, root);
    const typing = options.types ? clock.time('types', () => templateTypes(root)) : undefined;
    const loaded = await contentFor(run, listing); // 2
    const { validated, save, checks } = await validateContent(run, theme, loaded, threads); // 3
    saveCache = save;
    const typed = async () => (typing ? (await typing).diagnostics : []);
    // The gate: everything below it is the theme's code, given the model only when site.yaml validated and nothing
    // stops every page (a page that failed its schema is not in the model).
    if (!validated.siteValid || validated.diagnostics.some(stopsRendering)) await stopAtTheGate(run, validated, theme, bundling, typed);
    const media = await mediaFor(run, theme, validated.model); // 4b, 4c
    const bundled = await bundling; // 5
    const found: Diagnostic[] = [...validated.diagnostics, ...media.diagnostics.images, ...media.diagnostics.cards, ...bundled.diagnostics, ...(await typed())];
    const rules = () => checks.ruled(modelRules(validated.model, validated.claimedRoutes, theme, media.diagnostics.images)); // 4
    if (found.some(stopsRendering)) stopOnErrors([...found, ...(await clock.time('rules', rules))]);
    staging = await writableOutput(judgingOutput, out, cacheFolder(root), run.writing && options.stream === true);
    const { model } = media;
    const { rendered, ruled, theirBytes } = await renderSite({
      ...{ root, model, theme, assets: bundled.assets, threads, staging, clock, rules, stream: options.stream === true },
      ...{ ...renderMemoryFor(run, theme), sharedBlocks: options.sharedBlocks !== false, idle: () => void save() },
    }); // 6
    memory.rendered = rendered.memory;
    found.push(...ruled, ...rendered.diagnostics);
    const made = [...bundled.files, ...media.files];
    const paths = made.map((f) => f.path);
    const generated = await clock.time('extras', () => themedExtras(model, rendered.pages, theme, bundled.manifestIcons, paths, hasErrors(found), options.cms)); // 7
    const outputRules = () =>
      checkRendered(model, rendered.pages, { generated: [...paths, ...generated.map((f) => f.path)], claimedRoutes: validated.claimedRoutes, found });
    found.push(...(await clock.time('rules', outputRules))); // 8
    const judged = verdict(found, model, { strict: options.strict, keepGoing: options.keepGoing, writing: run.writing, heldBack: validated.heldBack });
    // A photo made into variants is not copied as it is: an 8 MB original has no place on the site.
    const statics = model.statics.filter((s) => !media.replaced.has(s.route));
    const output = outputFiles({ pages: staging ? [] : rendered.pages, assets: made, statics, generated });
    if (staging)
      await clock.time('write', () => staging!.commit(output)); // 9 (the pages are in the new tree already)
    else if (run.writing) await clock.time('write', () => writeOutput(out, output, cacheFolder(root)));
    const bytes = (staging?.written ?? 0) + theirBytes + siteBytes(output);
    const { pages, renderedRoutes } = rendered;
    return resultOf(run, { files: output, pages, diagnostics: judged, renderedRoutes, later: media.later, bytes, scripts: bundled.sizes, ...media.stats });
  } catch (error) {
    await staging?.abandon();
    // A file system error while a thread wrote its pages (a full disk, say) is a problem at --out, as at the swap.
    throw staging ? outputError(out, error) : error;
  } finally {
    await saveCache();
    await closeThreads(threads);
  }
}

/**
 * A build stopped at the gate still reports each file's problems, the engine's rules over the content (only
 * the engine's: the theme's page rules are theme code), the client code's and, when asked, the types'. Throws.
 */
async function stopAtTheGate(
  run: Run,
  validated: Validated,
  theme: Theme,
  bundling: Promise<{ diagnostics: Diagnostic[] }>,
  typed: () => Promise<Diagnostic[]>,
): Promise<never> {
  const engineRules = await run.clock.time('rules', () => checkData(validated.model, validated.claimedRoutes, { placeholders: theme.placeholders }));
  stopOnErrors([...validated.diagnostics, ...engineRules, ...(await bundling).diagnostics, ...(await typed())]);
  throw new Error('site.yaml did not validate, yet validation reported no error about it');
}

type Made = Pick<BuildResult, 'files' | 'pages' | 'diagnostics' | 'renderedRoutes' | 'later'> &
  Pick<BuildResult['stats'], 'bytes' | 'scripts' | 'images' | 'cards'>;

function resultOf(run: Run, made: Made): BuildResult {
  const { clock } = run;
  const { files, pages, diagnostics, renderedRoutes, later, bytes, scripts, images, cards } = made;
  const memory = { stages: clock.memory, peak: peakMegabytes() };
  const stats = { pages: pages.length, bytes, milliseconds: clock.total(), stages: clock.stages, memory, scripts, images, cards };
  return { files, pages, diagnostics, renderedRoutes, later, stats };
}
