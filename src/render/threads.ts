// Rendering on more than one core (see src/threads.ts). A large build gives each
// extra thread a share of the pages (runs of pages in turn, so long and short
// pages spread evenly: see Shard in render.ts); the calling thread runs the
// rules over the model and renders its own, smaller share meanwhile. Each
// thread loads the theme itself, renders its pages, writes them straight into
// the new output tree and sends back only their facts, so no page's HTML
// crosses threads.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, type PageEntry, type SiteModel } from '../contracts/model.ts';
import type { Assets, Theme } from '../contracts/theme.ts';
import type { ParsedYaml } from '../validate/yaml.ts';
import { loadTheme } from '../load/theme.ts';
import { themeFrame } from '../load/theme-frames.ts';
import { planRender, render, shardPositions, type Rendered, type RenderedPage, type RenderPlan, type Shard } from './render.ts';
import type { Inputs, PageRecord, RenderMemory } from './memory.ts';
import type { StageClock } from '../stage-clock.ts';
import { serve, type Thread } from '../threads.ts';
import { sharedTreeWriter, type SharedTree, type Staging } from '../write/write.ts';
import type { FileStamp } from '../write/output-folder.ts';

const ROLE = 'site-render-thread';
const THEME_ROLE = 'site-render-theme';

interface ThemeTask {
  role: typeof THEME_ROLE;
  root: string;
}

// A thread's theme, loaded once per project for all the tasks it is given.
const themes = new Map<string, ReturnType<typeof loadTheme>>();
function themeOf(root: string): ReturnType<typeof loadTheme> {
  let theme = themes.get(root);
  if (!theme) themes.set(root, (theme = loadTheme(root)));
  return theme;
}

/** What a thread is given: the project, its share, and what rendering reads (plain data only). */
interface ThreadTask {
  role: typeof ROLE;
  root: string;
  /** The new output tree the pages are written into, and the turns at writing it; none when the build only checks. */
  output?: SharedTree;
  shard: Shard;
  /** The fingerprints of the shared inputs, and the positions of the pages taken from memory, which no thread renders. */
  plan: { inputs: Inputs; taken: number[] };
  /** Whether each page's record comes back (RenderOptions.remember), and with the digest of its HTML (to keep for the next process). */
  remember: boolean;
  digests: boolean;
  sharedBlocks: boolean;
  assets: Assets;
  model: RenderModel;
}

/** The model without what only the calling thread needs (positions in files, static files, redirects). */
type RenderModel = Omit<SiteModel, 'siteSource' | 'pages' | 'notFound' | 'redirects' | 'statics'> & {
  /** Only the thread's own share: null in the places of the pages other threads render, which it skips. */
  pages: (Omit<PageEntry, 'source'> | null)[];
  notFound: Omit<PageEntry, 'source'> | null;
};

/** What a thread sends back: its pages (facts, no HTML), problems, and the bytes it wrote. */
interface ThreadResult {
  pages: RenderedPage[];
  diagnostics: Diagnostic[];
  renderedRoutes: string[];
  /** When the task says to remember: each page's record, by output file, without the page (which is in `pages`). */
  records: [string, Omit<PageRecord, 'page'>][];
  bytes: number;
  /** The stamp of each file written, for the output folder's marker. */
  stamps: [string, FileStamp][];
}

/**
 * Has each thread load the theme of `root` now, so it is ready when the pages are: a build asks
 * this once it has loaded the theme itself (a theme changed since its bundle was made is bundled
 * once, not once per thread), and they load it while the build checks the content.
 */
export function prepareThreads(threads: readonly Thread[], root: string): void {
  // A theme that fails to load fails the render task too, which reports it; here it is only held.
  const task: ThemeTask = { role: THEME_ROLE, root };
  for (const thread of threads) thread.run(task).catch(() => undefined);
}

/**
 * How the pages are shared out when `others` threads render besides this one: this thread's weight,
 * then each other's (see Shard). This thread runs the rules over the model while the others begin
 * (about a tenth of the work of rendering, in the bench at 1,000 and 10,000 pages), so it renders less.
 */
export function shareWeights(others: number): number[] {
  return [6, ...Array.from({ length: others }, () => 7)];
}

/**
 * Renders shares 1 to threads.length of the pages on the threads, writing them into `output.folder` (in turns with
 * this thread) if given; the caller renders share 0 meanwhile. Resolves with every thread's pages and problems;
 * rejects if a thread fails.
 */
export function renderOnThreads(
  threads: readonly Thread[],
  root: string,
  output: ThreadTask['output'],
  model: SiteModel,
  assets: Assets,
  plan: RenderPlan & Pick<ThreadTask, 'remember' | 'digests'>,
  sharedBlocks = true,
): Promise<ThreadResult[]> {
  const weights = shareWeights(threads.length);
  const taken = [...plan.taken];
  const count = allPages(model).length;
  return Promise.all(
    threads.map((thread, i) => {
      const shard = { index: i + 1, weights };
      // The same positions render.ts gives each share: pages first, in order. A thread with none (a rebuild after a
      // page edit renders a page or two, all this thread's) is sent nothing: the model's collections are tens of MB to copy.
      const mine = shardPositions(count, shard, plan.taken);
      if (mine.length === 0) return Promise.resolve(nothingRendered());
      const task: ThreadTask = {
        ...{ role: ROLE, root, output, shard, sharedBlocks, assets, remember: plan.remember, digests: plan.digests },
        ...{ plan: { inputs: plan.inputs, taken }, model: renderModel(model, new Set(mine)) },
      };
      return thread.run<ThreadResult>(task);
    }),
  );
}

/** What a thread given no pages would send back. */
function nothingRendered(): ThreadResult {
  return { pages: [], diagnostics: [], renderedRoutes: [], records: [], bytes: 0, stamps: [] };
}

/**
 * What a thread needs of the model to render its share. A large site's page data is most of the
 * model, and each thread gets a copy: only its own pages go (what pages list of each other is in the collections, which all go).
 */
function renderModel(model: SiteModel, mine: ReadonlySet<number>): RenderModel {
  const { siteSource: _s, redirects: _r, statics: _t, pages, notFound, ...rest } = model;
  const withoutSource = <T extends { source: ParsedYaml }>({ source: _, ...entry }: T) => entry;
  const own = pages.map((page, position) => (mine.has(position) ? withoutSource(page) : null));
  return { ...rest, pages: own, notFound: notFound && withoutSource(notFound) };
}

/** In a thread: render the share, write each page, send the facts back. */
async function serveShare(task: ThreadTask): Promise<ThreadResult> {
  const theme = await themeOf(task.root);
  // Rendering reads no positions; diagnostics about content files come from the calling thread.
  const model = { ...task.model, siteSource: null, redirects: [], statics: [] } as unknown as SiteModel;
  const output = task.output;
  const writer = output && sharedTreeWriter(output);
  const plan = { inputs: task.plan.inputs, taken: new Set(task.plan.taken), records: new Map() };
  const rendered = render(model, theme, task.assets, {
    shard: task.shard,
    plan,
    sharedBlocks: task.sharedBlocks,
    remember: task.remember,
    digests: task.digests,
    locate: (stack) => themeFrame(task.root, stack),
    onPage: (page) => {
      // A check writes nothing.
      writer?.write(page.output, page.html);
      return { ...page, html: '' };
    },
  });
  writer?.flush();
  const records = [...rendered.memory.records].map(([output, { page: _, ...record }]) => [output, record] as [string, Omit<PageRecord, 'page'>]);
  const { pages, diagnostics, renderedRoutes } = rendered;
  return { pages, diagnostics, renderedRoutes, records, bytes: writer?.written ?? 0, stamps: writer ? [...writer.stamps] : [] };
}

serve(ROLE, serveShare);
serve(THEME_ROLE, async (task: ThemeTask) => {
  await themeOf(task.root);
  return true;
});

/** What renderSite works from. */
export interface SiteRenderInput {
  root: string;
  model: SiteModel;
  theme: Theme;
  assets: Assets;
  /** The threads beside this one: they render shares when streaming, else this thread renders every page. */
  threads: readonly Thread[];
  /** Keep only each page's facts (BuildOptions.stream); with `staging`, each page is written into it as it is made. */
  stream: boolean;
  staging?: Staging;
  memory?: RenderMemory;
  remember: boolean;
  /**
   * Keeps this thread's render memory for the next process: records then carry each page's digest, and pages
   * whose records came from the cache folder are taken from `staging`'s last build (src/render/kept-renders.ts).
   */
  keep?: (memory: RenderMemory) => Promise<void>;
  sharedBlocks: boolean;
  clock: StageClock;
  /** Stage 4, the rules over the model: run here while the other threads render their shares. */
  rules: () => Diagnostic[];
  /** Called once this thread has rendered its share, while it waits for the others. */
  idle: () => void;
}

/** Every page rendered (stage 6), with what the rules over the model found, and the bytes other threads wrote. */
export async function renderSite(input: SiteRenderInput): Promise<{ rendered: Rendered; ruled: Diagnostic[]; theirBytes: number }> {
  const { root, model, theme, assets, staging, clock } = input;
  const streamed = input.stream
    ? (page: RenderedPage) => {
        // A check writes nothing.
        staging?.write(page.output, page.html);
        return { ...page, html: '' };
      }
    : undefined;
  const helpers = streamed ? input.threads : [];
  // Planned here, so each thread is sent only pages to render: those whose records say they would come out the same are not.
  const digests = input.keep !== undefined;
  const takeable = digests && staging ? (page: RenderedPage, digest: string) => staging.lastWrote(page.output, digest) : undefined;
  const plan = await clock.time('render', () => planRender(model, assets, { memory: input.memory, remember: input.remember, theme, takeable }));
  // The other threads are given their shares first; this one runs the rules, then renders its own (smaller) share.
  const output = staging && { folder: staging.folder, turns: staging.turns, over: staging.over };
  const others =
    helpers.length > 0
      ? renderOnThreads(helpers, root, output, model, assets, { ...plan, remember: input.remember, digests }, input.sharedBlocks)
      : Promise.resolve([]);
  const theirs = others.then(
    (results) => ({ results }),
    (error: unknown) => ({ error }),
  );
  let own: Rendered;
  let ruled: Diagnostic[];
  try {
    ruled = await clock.time('rules', input.rules);
    own = await clock.time('render', () =>
      render(model, theme, assets, {
        plan,
        locate: (stack) => themeFrame(root, stack),
        ...(streamed ? { onPage: streamed } : {}),
        shard: { index: 0, weights: shareWeights(helpers.length) },
        remember: input.remember,
        ...(digests ? { digests: true, takeFromCache: (page: RenderedPage, digest: string) => staging?.takeFromLast(page.output, digest) === true } : {}),
        ...(input.sharedBlocks ? {} : { sharedBlocks: false }),
      }),
    );
  } catch (error) {
    // The other threads finish writing before the caller removes the tree they write into.
    await theirs;
    throw error;
  }
  input.idle();
  const results = await clock.time('render', async () => {
    const other = await theirs;
    if ('error' in other) throw other.error;
    for (const result of other.results) staging?.stamped(result.stamps);
    return other.results;
  });
  const rendered = joined(own, results);
  await input.keep?.(rendered.memory);
  return { rendered, ruled, theirBytes: results.reduce((sum, r) => sum + r.bytes, 0) };
}

/** This thread's render and the other threads' as one: every page in output order, and one memory of them all. */
function joined(own: Rendered, results: readonly ThreadResult[]): Rendered {
  if (results.length === 0) return own;
  const pages = [...own.pages, ...results.flatMap((r) => r.pages)].sort((a, b) => (a.output < b.output ? -1 : 1));
  const records = new Map(own.memory.records);
  for (const result of results) {
    const theirPages = new Map(result.pages.map((page) => [page.output, page]));
    for (const [output, record] of result.records) records.set(output, { ...record, page: theirPages.get(output) ?? null });
  }
  return {
    pages,
    diagnostics: [...own.diagnostics, ...results.flatMap((r) => r.diagnostics)],
    renderedRoutes: [...own.renderedRoutes, ...results.flatMap((r) => r.renderedRoutes)],
    memory: { theme: own.memory.theme, records },
  };
}
