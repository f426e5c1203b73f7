// One pass of Debian's Chromium over every page, at 375 px (a phone) and
// 1280 px (a laptop), collecting what three gates need from a real browser:
//   - axe-core results in each state a visitor can put the page in: as it first
//     loads (before its lazy parts: the map, the carousel), after scrolling to the
//     end has run them, with the mobile menu open (375), with the FAQ expanded (1280);
//   - console errors and uncaught exceptions;
//   - every request made while the page loads and is scrolled to the end
//     (the visitor has not submitted the form), and the scripts among them;
//   - layout shifts, summed by a PerformanceObserver as CLS is.
// Never a downloaded browser: playwright-core drives /usr/bin/chromium.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page as Tab } from 'playwright-core';
import type { AuditContext } from './context.ts';
import { browserPath } from '../browser-check.ts';
import type { Page } from './pages.ts';

export const CHROMIUM = browserPath(process.env);

/** The machine's network is closed; background services would only fail and slow every start. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules (axe has no wcag22a tag: 2.2 added no level-A rule it checks). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const WIDTHS = [375, 1280] as const;
export type Width = (typeof WIDTHS)[number];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

export interface AxeRun {
  /** `as loaded`, `menu open`, `FAQ expanded`. */
  state: string;
  violations: AxeViolation[];
  /** Checks axe could not decide (listed, not failed: they need a person). */
  incomplete: number;
  /** Why the state could not be reached, when it could not. */
  unreachable?: string;
}

export interface Visit {
  page: Page;
  width: Width;
  url: string;
  status: number | null;
  consoleErrors: { text: string; url: string }[];
  consoleWarnings: string[];
  pageErrors: string[];
  /** Every URL requested, in order. */
  requests: string[];
  /** Script URLs the page loaded (entries, chunks and lazy chunks alike). */
  scripts: string[];
  /**
   * Sum of layout-shift values without recent input, as CLS adds them (over
   * the whole visit, not windowed). When the first visit shifted, the median
   * of it and CONFIRMATION_VISITS more (see layoutShiftRuns).
   */
  layoutShift: number;
  /** Each visit's sum, when the first one shifted and the page was visited again to confirm. */
  layoutShiftRuns?: number[];
  /** Each shift: its value and what moved (`element w×h@x,y → w×h@x,y`). */
  shifts: { value: number; time?: number; sources: string[] }[];
  axe: AxeRun[];
  /** The visit failed (navigation timeout, crash): the message. */
  error?: string;
  /** Milliseconds per phase of the visit, for tuning the pass's speed. */
  timings: Record<string, number>;
}

/** Installed in every document before its own scripts: collects layout shifts. */
function layoutShiftRecorder(): void {
  const state = { total: 0, shifts: [] as { value: number; time: number; sources: string[] }[] };
  (window as unknown as { __auditLayout: typeof state }).__auditLayout = state;
  const rect = (r: DOMRectReadOnly | undefined) => (r ? `${Math.round(r.width)}×${Math.round(r.height)}@${Math.round(r.x)},${Math.round(r.y)}` : '?');
  const describe = (source: { node?: Node; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }): string => {
    const node = source.node;
    let name = '?';
    if (node instanceof Element) {
      const cls = [...node.classList].slice(0, 2).join('.');
      name = node.tagName.toLowerCase() + (node.id ? `#${node.id}` : cls ? `.${cls}` : '');
    } else if (node) name = node.nodeName;
    return `${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        state.total += entry.value;
        state.shifts.push({ value: entry.value, time: Math.round(entry.startTime), sources: (entry.sources ?? []).map(describe) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // No Layout Instability API: the total stays 0 and Lighthouse's CLS still counts.
  }
}

/**
 * Scrolls to the end a screen at a time, as a reader would: whatever a step
 * starts loading (a lazy chunk, an image) finishes and renders while that
 * part is in view, so a shift it causes is seen. Then back to the top.
 */
async function scrollThrough(tab: Tab, inFlight: () => number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const atEnd = await tab.evaluate(async () => {
      const before = scrollY;
      scrollBy({ top: Math.max(200, innerHeight), behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return scrollY === before;
    });
    if (inFlight() > 0) {
      await quiet(inFlight, tab);
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    if (atEnd) break;
  }
  await tab.waitForTimeout(100);
  await tab.evaluate(async () => {
    scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

export interface BrowserPassOptions {
  /** The preview server, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  pages: Page[];
  /** Project root, to find axe-core. */
  root: string;
  /** Pages visited at once; 2 suits the 2-core CI machine. */
  concurrency?: number;
  /** Called after each page, for progress output. */
  progress?: (done: number, total: number) => void;
}

/**
 * The browser pass over the audit's pages, once per audit however many gates
 * read it (accessibility, console, budgets). Rejects when Chromium cannot run.
 */
export function browserVisits(context: AuditContext): Promise<Visit[]> {
  return context.once('browser pass', async () => {
    const { log, pages } = context;
    const started = Date.now();
    log(`Chromium: ${pages.length} pages × 2 widths…`);
    let visits: Visit[] = [];
    let failure: string | null = null;
    try {
      visits = await browserPass({
        origin: context.origin,
        pages: [...pages],
        root: context.root,
        concurrency: context.concurrency,
        progress: (done, total) => {
          if (done % 10 === 0 || done === total) log(`  ${done}/${total} pages`);
        },
      });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    log(`Chromium pass done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (process.env.AUDIT_DEBUG) {
      const totals: Record<string, number> = {};
      for (const v of visits) for (const [phase, n] of Object.entries(v.timings)) totals[phase] = (totals[phase] ?? 0) + n;
      log(
        `visit phases, mean ms: ${Object.entries(totals)
          .map(([k, n]) => `${k} ${Math.round(n / Math.max(visits.length, 1))}`)
          .join(', ')}`,
      );
    }
    if (failure !== null) throw new Error(`Chromium could not run: ${failure}`);
    return visits;
  });
}

export async function browserPass(options: BrowserPassOptions): Promise<Visit[]> {
  const require = createRequire(join(options.root, 'package.json'));
  const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const contexts = {
      375: await newContext(browser, 375),
      1280: await newContext(browser, 1280),
    } satisfies Record<Width, BrowserContext>;
    const jobs = options.pages.flatMap((page) => WIDTHS.map((width) => ({ page, width })));
    const visits: Visit[] = new Array(jobs.length);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const index = next++;
        const job = jobs[index]!;
        visits[index] = await visit(contexts[job.width], job.page, job.width, options.origin, axeSource);
        if (++done % WIDTHS.length === 0) options.progress?.(done / WIDTHS.length, options.pages.length);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    await confirmShifts(visits, contexts, options.origin);
    return visits;
  } finally {
    await browser.close();
  }
}

/**
 * A shift can come from a paint of a half-parsed page when the CPU is busy
 * (other visits, the JVM next door), which a reader's phone may or may not
 * see. So a visit that shifted is repeated, one at a time, and its figure is
 * the median: a shift that happens every time fails; one that happened once
 * is reported as intermittent.
 */
export const CONFIRMATION_VISITS = 2;

async function confirmShifts(visits: Visit[], contexts: Record<Width, BrowserContext>, origin: string): Promise<void> {
  for (const v of visits) {
    if (!(v.layoutShift > 0)) continue;
    const runs = [v.layoutShift];
    for (let i = 0; i < CONFIRMATION_VISITS; i++) {
      const again = await visit(contexts[v.width], v.page, v.width, origin, null);
      runs.push(again.error ? v.layoutShift : again.layoutShift);
      if (v.shifts.length === 0) v.shifts = again.shifts;
    }
    v.layoutShiftRuns = runs;
    v.layoutShift = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  }
}

function newContext(browser: Browser, width: Width): Promise<BrowserContext> {
  return browser.newContext({
    viewport: width === 375 ? { width: 375, height: 812 } : { width: 1280, height: 800 },
    isMobile: width === 375,
    hasTouch: width === 375,
    deviceScaleFactor: 1,
    // Transitions off, so axe reads colours at rest and no animation shifts layout.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
}

/** Visits a page; with `axeSource` null only loads, scrolls and reads layout shifts (a confirmation visit). */
async function visit(context: BrowserContext, page: Page, width: Width, origin: string, axeSource: string | null): Promise<Visit> {
  const url = origin + page.requestPath;
  const result: Visit = {
    page,
    width,
    url,
    status: null,
    consoleErrors: [],
    consoleWarnings: [],
    pageErrors: [],
    requests: [],
    scripts: [],
    layoutShift: 0,
    shifts: [],
    axe: [],
    timings: {},
  };
  let mark = Date.now();
  const lap = (phase: string) => {
    const now = Date.now();
    result.timings[phase] = now - mark;
    mark = now;
  };
  const tab = await context.newPage();
  tab.on('console', (message) => {
    if (message.type() === 'error') result.consoleErrors.push({ text: message.text(), url: message.location().url });
    else if (message.type() === 'warning') result.consoleWarnings.push(message.text());
  });
  tab.on('pageerror', (error) => result.pageErrors.push(error.stack ?? error.message));
  let inFlight = 0;
  tab.on('request', (request) => {
    inFlight++;
    result.requests.push(request.url());
    if (request.resourceType() === 'script') result.scripts.push(request.url());
  });
  tab.on('requestfinished', () => inFlight--);
  tab.on('requestfailed', () => inFlight--);
  try {
    await tab.addInitScript(layoutShiftRecorder);
    const response = await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
    result.status = response?.status() ?? null;
    lap('load');
    // What a visitor meets first, before scrolling starts the lazy parts (the map's placeholder panels).
    if (axeSource !== null) {
      await tab.evaluate(axeSource);
      result.axe.push({ state: 'as first loaded', ...(await runAxe(tab)) });
      lap('axe');
    }
    await scrollThrough(tab, () => inFlight);
    lap('scroll');
    // Lazy chunks and images started by the scroll finish before the figures are read.
    await quiet(() => inFlight, tab);
    const layout = await tab.evaluate(
      () => (window as unknown as { __auditLayout?: { total: number; shifts: { value: number; sources: string[] }[] } }).__auditLayout,
    );
    result.layoutShift = layout?.total ?? 0;
    result.shifts = layout?.shifts ?? [];
    lap('settle');
    if (axeSource === null) return result;

    result.axe.push({ state: 'after its lazy parts ran', ...(await runAxe(tab)) });
    lap('axe');
    if (width === 375) result.axe.push(await inState(tab, 'menu open', openMenu));
    if (width === 1280) {
      const faq = await inState(tab, 'FAQ expanded', expandFaq);
      // A page without a FAQ has no such state; that is not a failure.
      if (faq.unreachable !== NO_FAQ) result.axe.push(faq);
    }
    lap('state');
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  } finally {
    await tab.close();
  }
  return result;
}

/** What entering a state changed: selectors of the parts to check again, or why the state could not be reached. */
type StateChange = { region: string[] } | { unreachable: string };

/**
 * Enters a state and runs axe on what it changed. The rest of the page was
 * checked as loaded and did not change, so a scoped run finds the same and
 * halves the pass's time.
 */
/** Waits (at most 5 s) until no request is in flight and none starts for 50 ms: Playwright's networkidle waits 500 ms, too long for 200 visits. */
async function quiet(inFlight: () => number, tab: Tab): Promise<void> {
  const deadline = Date.now() + 5_000;
  let calm = 0;
  while (Date.now() < deadline && calm < 2) {
    await tab.waitForTimeout(25);
    calm = inFlight() <= 0 ? calm + 1 : 0;
  }
}

async function inState(tab: Tab, state: string, enter: (tab: Tab) => Promise<StateChange>): Promise<AxeRun> {
  const change = await enter(tab);
  if ('unreachable' in change) return { state, violations: [], incomplete: 0, unreachable: change.unreachable };
  return { state, ...(await runAxe(tab, change.region)) };
}

/** Runs axe on the document, or on the elements the selectors match (those that match nothing are left out). */
async function runAxe(tab: Tab, region?: string[]): Promise<{ violations: AxeViolation[]; incomplete: number }> {
  return tab.evaluate(
    async ({ tags, region }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<AxeRawResults> } }).axe;
      const include = region?.filter((selector) => document.querySelector(selector) !== null).map((selector) => [selector]);
      const context = include && include.length > 0 ? { include } : document;
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return {
        violations: results.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 300), summary: n.failureSummary ?? '' })),
        })),
        incomplete: results.incomplete.length,
      };
    },
    { tags: AXE_TAGS, region },
  );
}

/** The part of axe's results read here. */
interface AxeRawResults {
  violations: { id: string; impact?: string | null; help: string; helpUrl: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
  incomplete: unknown[];
}

/**
 * Opens the mobile menu as a visitor would: a click on its toggle. The header
 * marks the toggle `[data-menu-toggle]` (a link to #menu without script); the
 * menu script swaps it for a button that names the menu in aria-controls.
 */
async function openMenu(tab: Tab): Promise<StateChange> {
  const menuId = await tab.evaluate(() => document.querySelector('[data-menu]')?.id ?? null);
  const toggles = ['[data-menu-toggle]', ...(menuId ? [`[aria-controls="${menuId}"]`] : [])];
  const toggle = tab.locator(toggles.join(', ')).filter({ visible: true }).first();
  if ((await toggle.count()) === 0) return { unreachable: `no visible menu toggle (${toggles.join(', ')}) at 375 px` };
  await toggle.click();
  if (menuId) {
    const visible = await tab
      .locator(`#${menuId}`)
      .waitFor({ state: 'visible', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!visible) return { unreachable: 'the menu toggle was clicked but the menu did not become visible' };
  }
  await tab.waitForTimeout(50);
  return { region: [...toggles, '[data-menu]', 'header'] };
}

/** Shows every question: the "Show all FAQs" toggle if it is there, then every <details> outside the navigation opened. */
async function expandFaq(tab: Tab): Promise<StateChange> {
  const toggles = tab.locator('[data-faq-toggle]').filter({ visible: true });
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  const opened = await tab.evaluate(() => {
    const items = [...document.querySelectorAll('details')].filter((d) => !d.closest('nav, header, [data-menu]'));
    for (const d of items) d.open = true;
    return items.length;
  });
  if (opened === 0) return { unreachable: NO_FAQ };
  await tab.waitForTimeout(50);
  return { region: ['[data-faq]', '[data-faq-toggle]', 'main details', 'details:not(nav details)'] };
}

const NO_FAQ = 'no FAQ on this page';
