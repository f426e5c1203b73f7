// `npm run audit`: builds the site, serves it with the project's preview
// server, runs every quality gate, writes reports/quality.md and exits 1 when
// any gate fails. Order, chosen for a 2-core machine:
//   1. build (the project's own CLI) into a temporary folder; serve it on port 0;
//   2. read every page's HTML once (pure scans: links, budgets, JSON-LD);
//   3. the W3C checker (a JVM) runs while Chromium visits every page at two
//      widths (axe, console, requests, layout shifts) and the links and
//      headers are asked of the server;
//   4. Lighthouse last and alone, one page after another, so its timings are
//      not disturbed by the other work.
//
// Options: --dist <dir> audits an existing build instead of building;
// --only / --skip <gate,...> (html, accessibility, links, lighthouse, budgets,
// headers, structured-data, console); --pages <regex> audits only matching
// routes; --concurrency <n> pages at once in Chromium (default 2); --report
// <file>; --keep keeps the build. AUDIT_DEBUG=1 prints where the browser
// pass spends its time.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '../../src/serve/index.ts';
import { routeForFile } from '../../src/url.ts';
import { browserPass, CHROMIUM, type Visit } from './browser.ts';
import { accessibilityGate } from './gates/accessibility.ts';
import { budgetsGate, entryFiles, gzipSize, scriptGraph } from './gates/budgets.ts';
import { consoleGate } from './gates/console.ts';
import { headersGate, type PageHeaders } from './gates/headers.ts';
import { htmlGate, runVnu } from './gates/html.ts';
import { lighthouseGate, lighthouseTargets, runLighthouseSteady, type LighthouseRun } from './gates/lighthouse.ts';
import { linksGate, type Answer, type ScannedPage } from './gates/links.ts';
import { structuredDataGate } from './gates/structured-data.ts';
import { scanHtml } from './html.ts';
import { pagesFromFiles } from './pages.ts';
import { renderReport, renderSummary } from './report.ts';
import { cannotRun, GATE_IDS, type GateId, type GateResult } from './result.ts';
import { buildSite, listFiles, siteFacts } from './site.ts';

/** Observatory's own origin for its CORS probe. */
const CORS_PROBE_ORIGIN = 'https://http-observatory.security.mozilla.org';

const TITLES: Record<GateId, string> = {
  html: 'HTML (W3C Nu HTML Checker)',
  accessibility: 'Accessibility (axe-core)',
  links: 'Links',
  lighthouse: 'Lighthouse (mobile)',
  budgets: 'Budgets',
  headers: 'Security headers',
  'structured-data': 'Structured data (JSON-LD)',
  console: 'Console',
};

export async function main(args: string[], context: { root: string }): Promise<number> {
  try {
    return await audit(args, context.root);
  } catch (error) {
    console.error('audit: internal error (a bug in tools/audit, not a finding about the site):');
    console.error(error instanceof Error ? error.stack : error);
    return 2;
  }
}

async function audit(args: string[], root: string): Promise<number> {
  const started = Date.now();
  const { values } = parseArgs({
    args,
    options: {
      dist: { type: 'string' },
      only: { type: 'string' },
      skip: { type: 'string' },
      report: { type: 'string', default: 'reports/quality.md' },
      keep: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '2' },
      pages: { type: 'string' },
    },
  });
  const selected = selectGates(values.only, values.skip);
  const reportPath = resolve(root, values.report!);
  const log = (line: string) => console.log(`audit: ${line}`);
  const facts = siteFacts(await readFile(join(root, 'site.yaml'), 'utf8'), process.env);

  // 1. Build and serve.
  let out: string;
  let buildLine: string;
  let temporary = false;
  if (values.dist) {
    out = resolve(values.dist);
    buildLine = `existing build at ${out} (--dist)`;
  } else {
    out = await mkdtemp(join(tmpdir(), 'site-audit-'));
    temporary = true;
    log('building the site (node bin/site.js build)…');
    const built = await buildSite(root, out);
    buildLine = built.output.split('\n').at(-1) ?? '';
    if (!built.ok) {
      console.error(built.output);
      const results = selected.map((id) => cannotRun(id, TITLES[id], 'the site did not build (see Build above)'));
      const meta = await reportMeta(root, started, `FAILED: ${built.output.split('\n').length} lines of diagnostics`, 0, skippedOf(selected));
      await writeReport(reportPath, renderReport(results, meta) + `\n## Build: FAIL\n\n\`\`\`\n${built.output}\n\`\`\`\n`);
      console.log(renderSummary(results, relative(root, reportPath), Date.now() - started));
      await rm(out, { recursive: true, force: true });
      return 1;
    }
    log(buildLine);
  }
  const server = await serve({ dir: out, port: 0 });
  const origin = server.url;
  const siteOrigins = [facts.baseOrigin, origin];
  const results: GateResult[] = [];
  const timed = async (id: GateId, run: () => Promise<GateResult> | GateResult) => {
    const t = Date.now();
    let result: GateResult;
    try {
      result = await run();
    } catch (error) {
      result = cannotRun(id, TITLES[id], error instanceof Error ? error.message : String(error));
    }
    result.ms = Date.now() - t;
    log(`${result.pass ? 'PASS' : 'FAIL'} ${id} (${((result.ms ?? 0) / 1000).toFixed(1)} s)`);
    return result;
  };

  try {
    // 2. Every page, read once.
    const filter = values.pages ? new RegExp(values.pages) : null;
    const files = (await listFiles(out)).filter((file) => file.endsWith('.html') && (!filter || filter.test(routeForFile(file))));
    const read = new Map(
      await Promise.all(
        files.map(async (file) => {
          const html = await readFile(join(out, file));
          return [file, { facts: scanHtml(html.toString('utf8')), htmlBytes: html.length, htmlGzip: gzipSize(html) }] as const;
        }),
      ),
    );
    const pages = pagesFromFiles(files, (file) => read.get(file)!.facts);
    const scanned = pages.map((page) => ({ page, ...read.get(page.file)! }));
    const scannedPages: ScannedPage[] = scanned.map(({ page, facts }) => ({ page, facts }));
    log(`${pages.length} pages at ${origin}`);

    // 3. The checker, the browser and the HTTP checks side by side.
    const want = (...ids: GateId[]) => ids.some((id) => selected.includes(id));
    const vnu = want('html') ? timed('html', async () => htmlGate(pages, await runVnu(root, pages.map((p) => join(out, p.file))), out, versionOf(root, 'vnu-jar'))) : null;
    const links = want('links') ? timed('links', () => linksGate({ pages: scannedPages, siteOrigins, request: (path) => get(origin, path) })) : null;
    const headers = want('headers')
      ? timed('headers', async () => headersGate({ answers: await pageHeaders(origin, scanned), policy: { formOrigin: facts.formOrigin }, host: new URL(facts.baseOrigin).hostname, siteOrigins }))
      : null;
    const structured = want('structured-data') ? timed('structured-data', () => structuredDataGate(scannedPages)) : null;

    let visits: Visit[] = [];
    let browserError: string | null = null;
    if (want('accessibility', 'console', 'budgets')) {
      const t = Date.now();
      log(`Chromium: ${pages.length} pages × 2 widths…`);
      try {
        visits = await browserPass({
          origin,
          pages,
          root,
          concurrency: Number(values.concurrency),
          progress: (done, total) => {
            if (done % 10 === 0 || done === total) log(`  ${done}/${total} pages`);
          },
        });
      } catch (error) {
        browserError = error instanceof Error ? error.message : String(error);
      }
      log(`Chromium pass done (${((Date.now() - t) / 1000).toFixed(1)} s)`);
      if (process.env.AUDIT_DEBUG) {
        const totals: Record<string, number> = {};
        for (const v of visits) for (const [phase, n] of Object.entries(v.timings)) totals[phase] = (totals[phase] ?? 0) + n;
        log(`visit phases, mean ms: ${Object.entries(totals).map(([k, n]) => `${k} ${Math.round(n / Math.max(visits.length, 1))}`).join(', ')}`);
      }
    }
    const afterBrowser = (id: GateId, gate: () => GateResult) => timed(id, () => {
      if (browserError) throw new Error(`Chromium could not run: ${browserError}`);
      return gate();
    });
    const accessibility = want('accessibility') ? afterBrowser('accessibility', () => accessibilityGate(visits, versionOf(root, 'axe-core'))) : null;
    const consoleResult = want('console') ? afterBrowser('console', () => consoleGate(visits)) : null;
    const sideBySide = await Promise.all([vnu, links, headers, structured, accessibility, consoleResult]);

    // 4. Lighthouse, alone.
    let runs: LighthouseRun[] = [];
    let lighthouse: GateResult | null = null;
    if (want('lighthouse')) {
      lighthouse = await timed('lighthouse', async () => {
        // Reports of an earlier run (a page run more often then) would be mistaken for this run's.
        await rm(join(dirname(reportPath), 'lighthouse'), { recursive: true, force: true });
        for (const target of lighthouseTargets(pages)) {
          log(`Lighthouse ${target.route}…`);
          runs.push(await runLighthouseSteady(origin, target, join(dirname(reportPath), 'lighthouse')));
        }
        return lighthouseGate(runs, versionOf(root, 'lighthouse'));
      });
    }
    const budgets = want('budgets')
      ? await timed('budgets', async () => {
          if (browserError) throw new Error(`Chromium could not run: ${browserError}`);
          const entries = [...new Set(scanned.flatMap((s) => entryFiles(s.facts)))];
          const graph = await scriptGraph(out, entries, async (file) => gzipSize(await readFile(join(out, file))));
          const lighthouseCls = new Map(runs.filter((r) => !r.error).map((r) => [r.route, { cls: r.metrics.cls, moved: r.shiftElements ?? [] }]));
          return budgetsGate({ pages: scanned, graph, visits, origin, lighthouseCls });
        })
      : null;

    const byId = new Map([...sideBySide, lighthouse, budgets].filter((r): r is GateResult => r !== null).map((r) => [r.id, r]));
    results.push(...GATE_IDS.filter((id) => byId.has(id)).map((id) => byId.get(id)!));

    const totalMs = Date.now() - started;
    const meta = await reportMeta(root, started, buildLine, pages.length, skippedOf(selected));
    await writeReport(reportPath, renderReport(results, meta));
    console.log('');
    console.log(renderSummary(results, relative(root, reportPath), totalMs));
    return results.every((r) => r.pass) ? 0 : 1;
  } finally {
    await server.close();
    if (temporary && !values.keep) await rm(out, { recursive: true, force: true });
    else if (temporary) log(`build kept at ${out}`);
  }
}

function selectGates(only: string | undefined, skip: string | undefined): GateId[] {
  const parse = (list: string) =>
    list.split(',').map((s) => {
      const id = s.trim() as GateId;
      if (!GATE_IDS.includes(id)) throw new Error(`unknown gate "${s}"; gates: ${GATE_IDS.join(', ')}`);
      return id;
    });
  const chosen = only ? parse(only) : [...GATE_IDS];
  const skipped = skip ? parse(skip) : [];
  return chosen.filter((id) => !skipped.includes(id));
}

function skippedOf(selected: readonly GateId[]): string[] {
  return GATE_IDS.filter((id) => !selected.includes(id));
}

/** One GET without following redirects: what a browser sees at each hop. */
async function get(origin: string, path: string): Promise<Answer> {
  const response = await fetch(origin + path, { redirect: 'manual' });
  const contentType = response.headers.get('content-type') ?? '';
  const body = contentType.startsWith('text/html') ? await response.text() : (await response.arrayBuffer(), '');
  return { status: response.status, location: response.headers.get('location'), contentType, body };
}

/** Each page's answer and a CORS preflight, as the Observatory's scanner asks them. */
async function pageHeaders(origin: string, scanned: { page: PageHeaders['page']; facts: PageHeaders['facts'] }[]): Promise<PageHeaders[]> {
  const answers: PageHeaders[] = [];
  for (const { page, facts } of scanned) {
    const response = await fetch(origin + page.requestPath, { redirect: 'manual' });
    await response.arrayBuffer();
    const preflight = await fetch(origin + page.requestPath, { method: 'OPTIONS', headers: { Origin: CORS_PROBE_ORIGIN, 'Access-Control-Request-Method': 'GET' } });
    await preflight.arrayBuffer();
    answers.push({
      page,
      facts,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      preflight: { headers: Object.fromEntries(preflight.headers), origin: CORS_PROBE_ORIGIN },
    });
  }
  return answers;
}

function versionOf(root: string, pkg: string): string {
  try {
    return (createRequire(join(root, 'package.json'))(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return '(not installed)';
  }
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve) => execFile(command, args, { cwd }, (error, stdout) => resolve(error ? '' : stdout.trim())));
}

async function reportMeta(root: string, started: number, build: string, pages: number, skipped: string[]) {
  const [commit, status, chromium] = await Promise.all([
    run('git', ['rev-parse', '--short', 'HEAD'], root),
    run('git', ['status', '--porcelain'], root),
    run(CHROMIUM, ['--version'], root),
  ]);
  const changed = status ? status.split('\n').length : 0;
  return {
    date: new Date().toISOString(),
    revision: commit ? `${commit}${changed ? ` with ${changed} uncommitted changes` : ''}` : 'unknown',
    versions: {
      node: process.versions.node,
      chromium: chromium.replace(/^Chromium\s*/, '').split(' ')[0] || CHROMIUM,
      lighthouse: versionOf(root, 'lighthouse'),
      'axe-core': versionOf(root, 'axe-core'),
      'vnu-jar': versionOf(root, 'vnu-jar'),
    },
    totalMs: Date.now() - started,
    build,
    pages,
    skipped,
  };
}

async function writeReport(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}
