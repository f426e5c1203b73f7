// Shared blocks: a part that many pages render alike (a header, a footer) is
// rendered once per distinct input and its HTML spliced into every page that
// shows it, instead of being rendered again for each of thousands of pages.
//
// A template wraps the part in <Shared by={[...inputs]}>{() => <Part />}</Shared>.
// `by` lists everything the part's HTML depends on: objects count by identity
// (the site and the collections are the same objects for every page of a build),
// other values by value. While a page renders, <Shared> writes a marker; once the
// page is done, each marker is replaced by its block's HTML, rendered the first
// time that input is met. Blocks are rendered on their own, so the function
// must provide any context the part reads (a page context, for instance).
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { randomBytes } from 'node:crypto';

export interface SharedProps {
  /** Everything the block's HTML depends on. Leave one out and pages show another page's block. */
  by: readonly unknown[];
  /** The block, with whatever context providers it needs. */
  children: () => ReactElement;
}

export interface Block {
  html: string;
  /** What rendering the block read of the tracked props, for the pages that reuse it. */
  reads: string[];
}

/** One render's blocks, by input; and the blocks the page being rendered asked for. */
export interface BlockCache {
  blocks: Map<string, Block>;
}

interface PageBlocks {
  cache: BlockCache;
  wanted: { key: string; render: () => ReactElement }[];
}

// The theme's bundle has its own copy of this module (it imports <Shared> from the engine's
// entry) and the engine has another: the page being rendered, the marker and the object ids
// live in one place both copies find.
interface State {
  page?: PageBlocks;
  /** Private-use characters around a per-process nonce: no text a page prints can forge a marker. */
  mark: string;
  marks: RegExp;
  ids: WeakMap<object, number>;
  nextId: number;
}
const SLOT = Symbol.for('site-generator.shared-blocks');
const state: State = ((globalThis as Record<symbol, State | undefined>)[SLOT] ??= newState());

function newState(): State {
  const nonce = randomBytes(6).toString('hex');
  return { mark: `\uE000${nonce}:`, marks: new RegExp(`\uE000${nonce}:(\\d+)\uE001`, 'g'), ids: new WeakMap(), nextId: 0 };
}

export function createBlockCache(): BlockCache {
  return { blocks: new Map() };
}

/** A block many pages share; see the top of this file. */
export function Shared({ by, children }: SharedProps): ReactElement | string {
  // Outside a build's render (a test rendering one component), there is nothing to share with.
  const page = state.page;
  if (!page) return children();
  page.wanted.push({ key: keyOf(by), render: children });
  return `${state.mark}${page.wanted.length - 1}\uE001`;
}

/** A page with its blocks spliced in, and what it was made of, in order: its own HTML and the blocks. */
export interface Spliced {
  html: string;
  /** Strings are the page's own HTML; a block is the same object for every page that shows it. */
  parts: (string | Block)[];
}

/**
 * Renders one page with its shared blocks spliced in. `reads` is the page's record of tracked
 * reads: a block reused from another page adds what it read when it was rendered.
 */
export function renderWithBlocks(element: ReactElement, cache: BlockCache, reads: Set<string>): string {
  return renderSpliced(element, cache, reads).html;
}

/** renderWithBlocks, with the parts the page was spliced from (what is worked out once per block can be). */
export function renderSpliced(element: ReactElement, cache: BlockCache, reads: Set<string>): Spliced {
  const own: PageBlocks = { cache, wanted: [] };
  const outer = state.page;
  state.page = own;
  let html: string;
  try {
    html = renderToStaticMarkup(element);
  } finally {
    state.page = outer;
  }
  if (own.wanted.length === 0) return { html, parts: [html] };
  const spliced = own.wanted.map(({ key, render }) => {
    let block = cache.blocks.get(key);
    if (!block) {
      const before = new Set(reads);
      const blockHtml = renderWithBlocks(
        createElement(function SharedBlock() {
          return render();
        }),
        cache,
        reads,
      );
      block = { html: blockHtml, reads: [...reads].filter((read) => !before.has(read)) };
      cache.blocks.set(key, block);
    } else for (const read of block.reads) reads.add(read);
    return block;
  });
  const parts: Spliced['parts'] = [];
  let from = 0;
  for (const marker of html.matchAll(state.marks)) {
    parts.push(html.slice(from, marker.index), spliced[Number(marker[1])]!);
    from = marker.index + marker[0].length;
  }
  parts.push(html.slice(from));
  return { html: parts.map((part) => (typeof part === 'string' ? part : part.html)).join(''), parts };
}

function keyOf(values: readonly unknown[]): string {
  return JSON.stringify(
    values.map((value) => {
      if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
        // Objects are told apart by identity: a number each, kept as long as the object lives.
        let id = state.ids.get(value);
        if (id === undefined) state.ids.set(value, (id = state.nextId++));
        return `#${id}`;
      }
      return `${typeof value}:${String(value)}`;
    }),
  );
}
