// The render stage (see the steps in src/build.ts): every page through its template with React's
// renderToStaticMarkup. Pure: resolved data in, HTML text out.
//
// A page's HTML is a function of what its template was handed, so a later build
// (the dev server's, after an edit) passes the previous result back as `memory` and
// renders only the pages whose inputs changed. What a page was handed is its own
// data plus the shared props; each collection, the stylesheet and each
// script's URL are tracked as they are read, so editing a place re-renders the
// pages that list places, and changing the FAQ script the pages that load it.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { contentHtml } from '../html/content-html.ts';
import { withPictures } from '../html/content-pictures.ts';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, isMarkdownPage, type MarkdownPageEntry, type PageEntry, type SiteModel } from '../contracts/model.ts';
import { canonicalUrl, outputFileFor } from '../url.ts';
import type { Assets, CommonPageFields, MarkdownPage, PageProps, ShareCard, Theme } from '../contracts/theme.ts';
import { pageFacts, splicedFacts, type PageFacts } from '../html/page-facts.ts';
import { createBlockCache, renderSpliced, type BlockCache } from './shared-blocks.ts';
import { isStale, pageSignature, signature, STYLESHEET, collectionRead, scriptRead, type Inputs, type PageRecord, type RenderMemory } from './memory.ts';

export type { RenderMemory } from './memory.ts';

import type { RenderedPage } from '../contracts/rendered.ts';
import { contentHash } from '../digest.ts';

export type { RenderedPage };

export interface Rendered {
  pages: RenderedPage[];
  diagnostics: Diagnostic[];
  /** What to pass to the next render so unchanged pages are reused. */
  memory: RenderMemory;
  /** Routes rendered this time (the others were reused from `memory`). */
  renderedRoutes: string[];
}

/** A place in a project file, 1-based. */
export interface TemplatePosition {
  file: string;
  line: number;
  column: number;
  /** The component the throw happened under, when it was thrown in a file that component calls. */
  caller?: { file: string; line: number; column: number };
}

export interface RenderOptions {
  /** The previous render's memory: pages whose inputs did not change are reused from it. */
  memory?: RenderMemory;
  /**
   * Where in the theme's own files a stack trace was thrown, for the diagnostic of a template
   * that fails. The theme loader's (src/load/theme-frames.ts) maps the theme bundle's frames.
   */
  locate?: (stack: string) => TemplatePosition | undefined;
  /**
   * Called with each page as it is rendered; the page it returns is the one kept. A build that
   * streams its output writes the HTML here and keeps the page without it (see src/build.ts).
   */
  onPage?: (page: RenderedPage) => RenderedPage;
  /** Render only the pages of one thread's share of a build (see `Shard`). */
  shard?: Shard;
  /** `false` renders every <Shared> block in place, in each page: a check that a theme's `by` lists are complete. Default: true. */
  sharedBlocks?: boolean;
  /** `false` keeps no record of what each page read (a build run once has no later build to serve). Default: true. */
  remember?: boolean;
  /** Records carry the digest of each page's HTML, to be kept for the next process (kept-renders.ts). */
  digests?: boolean;
  /**
   * Takes the file of a page whose record came from the cache folder (and has no HTML) from the last
   * output, as its HTML then had `digest`: true when it did, false when the page must be rendered.
   */
  takeFromCache?: (page: RenderedPage, digest: string) => boolean;
  /** Which pages to take from `memory`, planned by the caller (planRender); planned here when not given. */
  plan?: RenderPlan;
}

export function render(model: SiteModel, theme: Theme, assets: Assets, options: RenderOptions = {}): Rendered {
  const pages: RenderedPage[] = [];
  const diagnostics: Diagnostic[] = [];
  const renderedRoutes: string[] = [];
  const cards = model.shareCards ?? {};
  const shared = sharedProps(model, assets);
  const remember = options.remember !== false;
  const plan = options.plan ?? planRender(model, assets, { ...options, theme, remember });
  const { inputs } = plan;
  const records = new Map<string, PageRecord>();
  // Shared blocks are kept for this render only: the next one may have another site or collections.
  const blocks = createBlockCache();

  const renderOne = (entry: PageEntry) => {
    const { file: source, route, template: templateName } = entry;
    const output = outputFileFor(route);
    const own = remember ? ownInputs(entry, cards[route]) : '';
    renderedRoutes.push(route);
    const template = theme.templates[templateName]!;
    const sizes = template.markdown?.imageSizes ?? '100vw';
    const element = (reads: Set<string>) => called(template.component, pageProps(entry, shared, reads, sizes, cards[route]));
    const reads = new Set<string>();
    let page: RenderedPage | null = null;
    let digest: string | undefined;
    const found: Diagnostic[] = [];
    try {
      page = { route, output, source, template: templateName, ...renderDocument(element, reads, blocks, options.sharedBlocks) };
      if (options.digests) digest = contentHash(page.html);
      if (options.onPage) page = options.onPage(page);
      pages.push(page);
    } catch (error) {
      found.push(renderProblem(error, source, templateName, options.locate));
      diagnostics.push(...found);
    }
    const read = Object.fromEntries([...reads].map((name) => [name, inputs.reads[name] ?? '']));
    if (remember) records.set(output, { page, diagnostics: found, own, reads: read, global: inputs.global, ...(digest ? { digest } : {}) });
  };

  const entries = allPages(model);
  const shard = options.shard ?? { index: 0, weights: [1] };
  // The pages the plan takes from memory are this thread's to give back, when it is the calling one (share 0).
  if (shard.index === 0)
    for (const [position, before] of plan.records) {
      const entry = entries[position]!;
      // A page whose file is gone from the last output is rendered after all.
      if (before.fromCache && options.takeFromCache?.(before.page!, before.digest!) !== true) {
        renderOne(entry);
        continue;
      }
      records.set(outputFileFor(entry.route), before);
      if (before.page) pages.push(before.page);
      diagnostics.push(...before.diagnostics);
    }
  // A thread is sent only the pages at its own positions (renderModel in threads.ts): keep the two in step.
  for (const position of shardPositions(entries.length, shard, plan.taken)) renderOne(entries[position]!);
  pages.sort((a, b) => (a.output < b.output ? -1 : 1));
  return { pages, diagnostics, memory: { theme, records }, renderedRoutes };
}

/**
 * Which pages a render takes from memory and what they are compared by: the fingerprints of the shared inputs,
 * and by position (in allPages order) each page whose record says it would come out the same. The calling thread
 * plans a threaded render, so each thread is sent only pages to render.
 */
export interface RenderPlan {
  inputs: Inputs;
  /** The positions of the pages taken from memory: no thread renders them. */
  taken: ReadonlySet<number>;
  /** Their records, by position: the calling thread's (share 0), which gives them back; a thread is sent none. */
  records: ReadonlyMap<number, PageRecord>;
}

/**
 * The plan of a render of `model` with `assets`, from `options.memory` when it is the memory of `options.theme`.
 * A record read from the cache folder is planned only when `takeable` says its page's file can be taken from the
 * last output (the output folder's marker vouches for its digest): with the output gone, every page is rendered
 * on every thread, not left to the calling one.
 */
export function planRender(
  model: SiteModel,
  assets: Assets,
  options: Pick<RenderOptions, 'memory' | 'remember'> & { theme: Theme; takeable?: (page: RenderedPage, digest: string) => boolean },
): RenderPlan {
  const remember = options.remember !== false;
  // Fingerprinting every page and collection costs time a build that runs once does not need.
  const inputs = remember ? sharedInputs(sharedProps(model, assets)) : { global: '', reads: {} };
  const records = new Map<number, PageRecord>();
  const previous = remember && options.memory?.theme === options.theme ? options.memory.records : undefined;
  if (previous)
    allPages(model).forEach((entry, position) => {
      const before = previous.get(outputFileFor(entry.route));
      if (!before || isStale(before, ownInputs(entry, model.shareCards?.[entry.route]), inputs)) return;
      if (!before.fromCache || options.takeable?.(before.page!, before.digest!) === true) records.set(position, before);
    });
  return { inputs, taken: new Set(records.keys()), records };
}

function sharedProps(model: SiteModel, assets: Assets): Shared {
  return { site: model.site, baseUrl: model.site.baseUrl, assets, collections: model.collections, pictures: model.pictures ?? {} };
}

/**
 * One thread's share of the pages: of every run of sum(weights) pages in order, thread `index` renders
 * the weights[index] after those of the threads before it. Shares interleave, so long and short pages
 * spread evenly, and a thread with other work to do can be given fewer.
 */
export interface Shard {
  index: number;
  weights: readonly number[];
}

/**
 * The positions (of `count` pages in route order, the 404 page last) whose pages `shard` renders. Pages taken
 * from memory (`taken`) are no thread's to render: the runs are of the others.
 */
export function shardPositions(count: number, shard: Shard, taken?: ReadonlySet<number>): number[] {
  const run = shard.weights.reduce((sum, weight) => sum + weight, 0);
  const from = shard.weights.slice(0, shard.index).reduce((sum, weight) => sum + weight, 0);
  const to = from + (shard.weights[shard.index] ?? 0);
  const positions: number[] = [];
  let rank = 0;
  for (let position = 0; position < count; position++) {
    if (taken?.has(position)) continue;
    const slot = rank++ % run;
    if (slot >= from && slot < to) positions.push(position);
  }
  return positions;
}

const DOCTYPE = '<!DOCTYPE html>';

/** A page's whole document and its facts: spliced from shared blocks unless `sharedBlocks` is false. */
function renderDocument(
  element: (reads: Set<string>) => ReactElement,
  reads: Set<string>,
  blocks: BlockCache,
  sharedBlocks: boolean | undefined,
): { html: string; facts: PageFacts } {
  // The facts of a page of shared blocks are found in its own HTML and, once per render, in each block.
  const spliced = sharedBlocks === false ? undefined : renderSpliced(element(reads), blocks, reads);
  const html = DOCTYPE + (spliced ? spliced.html : renderToStaticMarkup(element(reads)));
  return { html, facts: spliced ? splicedFacts(spliced.parts) : pageFacts(html) };
}

/**
 * A template that threw, as the build reports it. A broken page never ships: the build fails naming the page,
 * the template, the cause and where in the template it was thrown (the subject, so `check <template file>` finds it).
 */
function renderProblem(error: unknown, source: string, template: string, locate: RenderOptions['locate']): Diagnostic {
  const at = error instanceof Error && error.stack ? locate?.(error.stack) : undefined;
  return diagnostic(
    'render',
    { file: source, ...(at ? { subject: at.file } : {}) },
    {
      template,
      error: error instanceof Error ? error.message : String(error),
      ...(at ? { at: `${at.file}:${at.line}:${at.column}` } : {}),
      ...(at?.caller ? { caller: `${at.caller.file}:${at.caller.line}:${at.caller.column}` } : {}),
    },
  );
}

type Shared = Omit<PageProps, 'page' | 'route' | 'canonical'>;

/**
 * The template called with the props object itself: createElement would copy
 * every prop, reading them all, and no read could be told from another. A
 * component that calls the template keeps its hooks working as in any component.
 */
function called<P>(template: (props: P) => ReactElement, props: P): ReactElement {
  return createElement(function Page() {
    return template(props);
  });
}

/** Fingerprints of the shared props: one for what every page reads, one per trackable part. */
function sharedInputs(shared: Shared): Inputs {
  const reads: Record<string, string> = { [STYLESHEET]: signature(shared.assets.css) };
  for (const [name, members] of Object.entries(shared.collections)) reads[collectionRead(name)] = signature(members);
  for (const [name, url] of Object.entries(shared.assets.scripts)) reads[scriptRead(name)] = url;
  // The list of script names is what a page sees when it asks for one the bundle does not have.
  return {
    global: signature(shared.site, shared.baseUrl, Object.keys(shared.assets.scripts), shared.assets.icons, shared.assets.manifest, shared.pictures),
    reads,
  };
}

/**
 * The shared props with each collection and script behind getters that note the
 * read. Spreading or destructuring the props reads them too, which errs on the
 * side of rendering again.
 */
function trackedShared(shared: Shared, reads: Set<string>): Shared {
  const collections: Record<string, PageProps['collections'][string]> = {};
  for (const name of Object.keys(shared.collections)) {
    Object.defineProperty(collections, name, {
      enumerable: true,
      get: () => (reads.add(collectionRead(name)), shared.collections[name]),
    });
  }
  const scripts: Record<string, string> = {};
  for (const name of Object.keys(shared.assets.scripts)) {
    Object.defineProperty(scripts, name, { enumerable: true, get: () => (reads.add(scriptRead(name)), shared.assets.scripts[name]) });
  }
  return {
    site: shared.site,
    baseUrl: shared.baseUrl,
    assets: {
      get css() {
        reads.add(STYLESHEET);
        return shared.assets.css;
      },
      scripts,
      // Every page links the icons and the manifest: they are part of the global fingerprint, not tracked.
      ...(shared.assets.icons ? { icons: shared.assets.icons } : {}),
      ...(shared.assets.manifest ? { manifest: shared.assets.manifest } : {}),
    },
    collections,
    // Part of the global fingerprint, as the site is.
    pictures: shared.pictures,
  };
}

/**
 * The fingerprint of what a page is handed of its own: its data, and its share card. The card is drawn from the data
 * and the site, which the fingerprints cover, but also set in the machine's fonts (src/images/fonts.ts): its name,
 * which holds its key, goes with the data's fingerprint (put beside it, not hashed again: 10,000 pages are planned).
 */
function ownInputs(page: PageEntry, card: ShareCard | undefined): string {
  return card ? `${pageSignature(page)} ${card.src}` : pageSignature(page);
}

function pageProps(page: PageEntry, shared: Shared, reads: Set<string>, imageSizes: string, card: ShareCard | undefined): PageProps<Record<string, unknown>> {
  const props = {
    page: isMarkdownPage(page) ? markdownPage(page, shared.pictures, imageSizes) : page.data,
    route: page.route,
    canonical: canonicalUrl(shared.baseUrl, page.route),
  };
  return Object.assign(trackedShared(shared, reads), props, card ? { shareCard: card } : {}) as PageProps<Record<string, unknown>>;
}

/** A Markdown page as its template gets it: the front matter, the body as HTML, and the common fields from its head. */
function markdownPage(page: MarkdownPageEntry, pictures: Shared['pictures'], imageSizes: string): MarkdownPage & CommonPageFields {
  // Content's HTML keeps to the allow-list whatever the Markdown holds (src/html/content-html.ts).
  const html = withPictures(contentHtml(page.body), pictures, imageSizes);
  // The common fields too, so shared head components work unchanged.
  const common = { template: page.template, title: page.head.title, description: page.head.description, noindex: page.head.noindex };
  return { front: page.data, html, words: page.body.words, status: page.status, ...common };
}
