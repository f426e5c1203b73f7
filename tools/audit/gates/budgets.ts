// Budgets gate: what a visitor's phone must download and wait for.
//   - The HTML document, with the stylesheet inlined in it, fits in the first
//     round trip: at most 14,600 bytes gzip (ten TCP segments of 1,460 bytes,
//     the initial congestion window). Blog posts are exempt: they are long reads.
//   - All script a page loads, at most 6 KB gzip: the entry modules, the chunks
//     they import statically, and the chunks import() loads later, on demand
//     (the contact map), with what those import.
//   - No render-blocking request: no external stylesheet, no classic script in
//     <head> without defer or async (module scripts are deferred).
//   - No request to another host before the visitor submits the form.
//   - CLS 0: Lighthouse's figure and the browser pass's layout-shift sum.
// The arithmetic is pure; scriptGraph() reads the built assets with esbuild.

import { build, type Metafile, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browserVisits, type Visit } from '../browser.ts';
import type { Gate } from '../context.ts';
import { bullets, bytes, int, table } from '../report-text.ts';
import type { HtmlFacts } from '../html.ts';
import type { Page } from '../pages.ts';
import { gateResult, type GateResult } from '../result.ts';
import { gzipSize } from '../sizes.ts';
import { lighthouseGate, lighthouseRuns } from './lighthouse.ts';

export const budgetsGate: Gate = {
  id: 'budgets',
  title: 'Budgets',
  async run(context) {
    const visits = await browserVisits(context);
    const { dist, built } = context;
    const entries = [...new Set(built.flatMap((b) => entryFiles(b.facts)))];
    const graph = await scriptGraph(dist, entries, async (file) => gzipSize(await readFile(join(dist, file))));
    // Lighthouse's CLS counts when its gate runs too; a failure of its runs is that gate's to report.
    const runs = context.selected(lighthouseGate.id) ? await lighthouseRuns(context).catch(() => []) : [];
    const lighthouseCls = new Map(runs.filter((r) => !r.error).map((r) => [r.route, { cls: r.metrics.cls, moved: r.shiftElements ?? [] }]));
    return judgeBudgets({ pages: built, graph, visits, origin: context.origin, lighthouseCls });
  },
};

/** Ten TCP segments of 1,460 bytes: what the server can send before the first acknowledgement. */
export const HTML_BUDGET = 14_600;
/** 6 KB = 6 × 1,024 bytes of gzip for all the script a page loads, up front and on demand. */
export const SCRIPT_BUDGET = 6 * 1024;

export { gzipSize } from '../sizes.ts';

/** One script file of the build and its imports, as esbuild reads them. */
export interface ScriptNode {
  /** gzip bytes of the file. */
  gzip: number;
  /** Static imports (`import … from`, `export … from`, `import "…"`): other files in the graph. */
  staticImports: string[];
  /** `import()` targets: loaded later, on demand. */
  dynamicImports: string[];
}

/** File path (relative to dist/, e.g. `assets/menu-X.js`) → node. */
export type ScriptGraph = Map<string, ScriptNode>;

export interface ScriptCost {
  /** Every file loaded up front: the entries and what they import statically, transitively. */
  files: string[];
  /** gzip bytes of `files`. */
  upFront: number;
  /** Files loaded later, on demand: import() targets and what they import, less what is already up front. */
  lazy: string[];
  /** gzip bytes of all the script the page can load, up front and later: what the budget limits. */
  gzip: number;
  /** Entries or imports that are not in the graph (a missing file). */
  missing: string[];
}

/** The script cost of a page whose <script src> entries are `entries`: up front, and in all once every import() has run. */
export function scriptCost(entries: readonly string[], graph: ScriptGraph): ScriptCost {
  const missing = new Set<string>();
  const visited = new Set<string>();
  const later: string[] = [];
  // Static imports, transitively, each file once; import() targets wait in `later`.
  const walk = (start: readonly string[]): string[] => {
    const found: string[] = [];
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (visited.has(file)) continue;
      visited.add(file);
      const node = graph.get(file);
      if (!node) {
        missing.add(file);
        continue;
      }
      found.push(file);
      queue.push(...node.staticImports);
      later.push(...node.dynamicImports);
    }
    return found;
  };
  const files = walk(entries);
  const lazy: string[] = [];
  while (later.length > 0) lazy.push(...walk(later.splice(0)));
  const size = (list: readonly string[]) => list.reduce((sum, f) => sum + graph.get(f)!.gzip, 0);
  const upFront = size(files);
  return { files, upFront, lazy, gzip: upFront + size(lazy), missing: [...missing] };
}

/** Requests that block the first render, described. From the HTML alone. */
export function renderBlocking(facts: HtmlFacts): string[] {
  const found: string[] = [];
  for (const sheet of facts.stylesheets) {
    // media="print" (and other non-matching media) do not block rendering, but the site's rule is simpler: no stylesheet links at all.
    found.push(`<link rel=stylesheet href=${sheet.href}>${sheet.inHead ? '' : ' (in body)'}`);
  }
  for (const script of facts.scripts) {
    // Inline scripts are no request; module scripts are deferred by definition.
    if (!script.src || script.type === 'module') continue;
    const isClassic = script.type === '' || script.type === 'text/javascript' || script.type === 'application/javascript';
    if (isClassic && script.inHead && !script.async && !script.defer) found.push(`<script src=${script.src}> in head without defer or async`);
  }
  return found;
}

/** Requests to anything but the preview server's origin. data:, blob: and about: are not requests to a host. */
export function thirdPartyRequests(urls: readonly string[], origin: string): string[] {
  return urls.filter((u) => {
    if (/^(data|blob|about|chrome|chrome-extension):/i.test(u)) return false;
    try {
      return new URL(u).origin !== origin;
    } catch {
      return true;
    }
  });
}

/** The entry scripts of a page as dist-relative paths (`/assets/x.js` → `assets/x.js`); other-origin scripts are left out (and fail the third-party rule). */
export function entryFiles(facts: HtmlFacts): string[] {
  return facts.scripts.filter((s) => s.src && !/^[a-z]+:|^\/\//i.test(s.src)).map((s) => s.src!.replace(/^\//, '').split(/[?#]/)[0]!);
}

/** Reads the graph of the given script files with esbuild's parser: the same one that wrote them. */
export async function scriptGraph(dist: string, entries: readonly string[], readGzip: (file: string) => Promise<number>): Promise<ScriptGraph> {
  const graph: ScriptGraph = new Map();
  if (entries.length === 0) return graph;
  // Absolute paths (`/assets/chunk.js`) are URLs from the site root: map them into dist/.
  const siteRoot: Plugin = {
    name: 'site-root',
    setup(b) {
      b.onResolve({ filter: /^\// }, (args) => (args.path.startsWith(dist) ? undefined : { path: join(dist, args.path) }));
      b.onResolve({ filter: /^(https?:)?\/\// }, (args) => ({ path: args.path, external: true }));
    },
  };
  const result = await build({
    entryPoints: entries.map((e) => join(dist, e)),
    absWorkingDir: dist,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: join(dist, '.audit-out'),
    logLevel: 'silent',
    plugins: [siteRoot],
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  for (const [file, input] of Object.entries(inputs)) {
    graph.set(file, {
      gzip: await readGzip(file),
      staticImports: input.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path),
      dynamicImports: input.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path),
    });
  }
  return graph;
}

export interface BudgetsInput {
  pages: readonly { page: Page; facts: HtmlFacts; htmlBytes: number; htmlGzip: number }[];
  graph: ScriptGraph;
  visits: Visit[];
  origin: string;
  /** Lighthouse's CLS per route, for the pages it ran on, and what moved. */
  lighthouseCls: Map<string, { cls: number; moved: string[] }>;
}

export function judgeBudgets({ pages, graph, visits, origin, lighthouseCls }: BudgetsInput): GateResult {
  const failures: string[] = [];
  const rows: (string | number)[][] = [];
  let worstHtml = 0;
  let worstScript = 0;
  let thirdPartyTotal = 0;
  let blockingTotal = 0;
  let worstShift = 0;
  const intermittent: string[] = [];

  for (const { page, facts, htmlBytes, htmlGzip } of pages) {
    const route = page.route;
    const pageVisits = visits.filter((v) => v.page.route === route);
    if (!page.isPost) {
      worstHtml = Math.max(worstHtml, htmlGzip);
      if (htmlGzip > HTML_BUDGET)
        failures.push(`${route}  HTML with inlined CSS is ${bytes(htmlGzip)} gzip, over ${bytes(HTML_BUDGET)} by ${bytes(htmlGzip - HTML_BUDGET)}`);
    }
    const cost = scriptCost(entryFiles(facts), graph);
    worstScript = Math.max(worstScript, cost.gzip);
    if (cost.gzip > SCRIPT_BUDGET)
      failures.push(`${route}  script the page loads is ${bytes(cost.gzip)} gzip (${[...cost.files, ...cost.lazy].join(', ')}), over ${bytes(SCRIPT_BUDGET)}`);
    for (const m of cost.missing) failures.push(`${route}  script ${m} is referenced but not in the build`);

    const blocking = renderBlocking(facts);
    blockingTotal += blocking.length;
    for (const b of blocking) failures.push(`${route}  render-blocking: ${b}`);

    const thirdParty = [...new Set(pageVisits.flatMap((v) => thirdPartyRequests(v.requests, origin)))];
    thirdPartyTotal += thirdParty.length;
    for (const u of thirdParty) failures.push(`${route}  request to another host before the form is submitted: ${u}`);

    const shifts = pageVisits.map((v) => ({
      width: v.width,
      value: v.layoutShift,
      runs: v.layoutShiftRuns,
      sources: v.shifts.flatMap((s) => s.sources.map((src) => `${src}${s.time !== undefined ? ` at ${s.time} ms` : ''}`)),
    }));
    for (const s of shifts) {
      const moved = [...new Set(s.sources)].join('; ') || 'unknown';
      const runs = s.runs ? ` (visits: ${s.runs.map((r) => r.toFixed(5)).join(', ')})` : '';
      worstShift = Math.max(worstShift, s.value);
      if (s.value > 0) failures.push(`${route}  layout shift ${s.value.toFixed(5)} at ${s.width} px${runs}; moved: ${moved}`);
      else if (s.runs) intermittent.push(`${route}  at ${s.width} px${runs}; moved: ${moved}`);
    }
    const lhCls = lighthouseCls.get(route);
    if (lhCls !== undefined && lhCls.cls > 0)
      failures.push(`${route}  Lighthouse CLS ${lhCls.cls.toFixed(4)} (mobile, 412 px); moved: ${lhCls.moved.join('; ') || 'unknown'}`);

    rows.push([
      route,
      int(htmlBytes),
      page.isPost ? `${int(htmlGzip)} (post: exempt)` : int(htmlGzip),
      cost.files.map((f) => f.replace(/^assets\//, '')).join(' ') || '—',
      int(cost.upFront),
      cost.lazy.map((f) => f.replace(/^assets\//, '')).join(' ') || '—',
      int(cost.gzip),
      blocking.length,
      thirdParty.length,
      shifts.map((s) => `${s.value.toFixed(3)}@${s.width}${s.runs ? '*' : ''}`).join(' ') + (lhCls !== undefined ? ` LH ${lhCls.cls.toFixed(3)}` : ''),
    ]);
  }

  const body = [
    table(
      ['budget', 'limit', 'worst', 'result'],
      [
        ['HTML + inlined CSS, gzip (posts exempt)', bytes(HTML_BUDGET), bytes(worstHtml), worstHtml <= HTML_BUDGET ? 'PASS' : 'FAIL'],
        ['all script a page loads (up front and on demand), gzip', bytes(SCRIPT_BUDGET), bytes(worstScript), worstScript <= SCRIPT_BUDGET ? 'PASS' : 'FAIL'],
        ['render-blocking requests', '0', int(blockingTotal), blockingTotal === 0 ? 'PASS' : 'FAIL'],
        ['requests to other hosts before the form is submitted', '0', int(thirdPartyTotal), thirdPartyTotal === 0 ? 'PASS' : 'FAIL'],
        [
          'layout shift (PerformanceObserver, both widths; Lighthouse CLS)',
          '0',
          worstShift.toFixed(4),
          worstShift === 0 && [...lighthouseCls.values()].every((c) => c.cls === 0) ? 'PASS' : 'FAIL',
        ],
      ],
    ),
    '',
    'Per page (bytes; gzip at level 6; "up front" are the entries and their static imports; "on demand" are import() chunks and their imports, such as the contact map; the budget holds for both together):',
    '',
    table(
      ['page', 'HTML bytes', 'HTML gzip', 'scripts up front', 'up-front gzip', 'on demand', 'script gzip in all', 'blocking', 'other hosts', 'layout shift'],
      rows,
    ),
    '',
    '**Over budget:**',
    '',
    bullets(failures),
    '',
    '**Layout shifts seen once and not again** (median of three visits is 0, so not failures; worth a look: a slow phone may see them):',
    '',
    bullets(intermittent),
  ].join('\n');

  return gateResult(budgetsGate, {
    pass: failures.length === 0 && pages.length > 0,
    headline: `HTML worst ${bytes(worstHtml)}/${bytes(HTML_BUDGET)} gzip, script worst ${bytes(worstScript)}/${bytes(SCRIPT_BUDGET)}, ${int(blockingTotal)} render-blocking, ${int(thirdPartyTotal)} third-party requests, max layout shift ${worstShift.toFixed(4)}`,
    failures,
    body,
    notes: [
      'gzip sizes are computed from the built files at zlib level 6, each file on its own, as a CDN compresses them.',
      'Layout shift per page is summed by a PerformanceObserver over the load and a scroll to the end; a visit that shifted is repeated twice and judged by the median (marked * in the table).',
      'Third-party requests are those Chromium made while loading each page at both widths, scrolling it to the end, opening the menu and expanding the FAQ; the form is never submitted.',
    ],
  });
}
