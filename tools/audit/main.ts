// `npm run audit`: builds the site, serves it with the project's preview
// server, runs the quality gates of gates/index.ts one after another in their
// order, writes reports/quality.md and exits 1 when any gate fails (2 when the
// audit itself breaks). Each gate gets the same context (context.ts): the
// served site, its pages read once, and the work gates share done once on
// first use (the Chromium pass over every page at two widths; Lighthouse's
// runs). One gate at a time suits the 2-core machine, and leaves Lighthouse
// alone with the CPU, so its timings are not disturbed by other work.
//
// The build is of a copy of the project with one post more, whose picture is a
// phone photo (photo-post.ts), so the gates judge such a page too.
//
// Options: --dist <dir> audits an existing build instead of building;
// --only / --skip <gate,...> (the ids in gates/index.ts: html, accessibility,
// links, lighthouse, budgets, headers, structured-data, console); --pages
// <regex> audits only matching routes; --concurrency <n> pages at once in
// Chromium (default 2); --report <file>; --keep keeps the build.
// AUDIT_DEBUG=1 prints where the browser pass spends its time.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM } from './browser.ts';
import { openContext, versionOf, type Gate } from './context.ts';
import { GATES } from './gates/index.ts';
import { renderReport, renderSummary, type ReportMeta } from './report.ts';
import { couldNotRun, gateResult, type GateResult } from './result.ts';
import { buildSite, siteFacts } from './site.ts';
import { projectWithPhotoPost } from './photo-post.ts';
import { removeCopy } from '../../tests/helpers/project-copy.ts';
import { guardedMain } from '../guarded-main.ts';

export const main = guardedMain('audit', audit);

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
  const gates = selectGates(values.only, values.skip);
  const skipped = GATES.filter((g) => !gates.includes(g)).map((g) => g.id);
  const reportPath = resolve(root, values.report!);
  const log = (line: string) => console.log(`audit: ${line}`);
  const finish = async (results: GateResult[], meta: ReportMeta, extra = '') => {
    await mkdir(dirname(reportPath), { recursive: true });
    await writeFile(reportPath, renderReport(results, meta) + extra);
    console.log('');
    console.log(renderSummary(results, relative(root, reportPath), Date.now() - started));
    return results.every((r) => r.pass) ? 0 : 1;
  };

  // The build: the project's own CLI, into a temporary folder, unless --dist names one.
  const dist = values.dist ? resolve(values.dist) : await mkdtemp(join(tmpdir(), 'site-audit-'));
  let buildLine = `existing build at ${dist} (--dist)`;
  const temporary = !values.dist;
  if (temporary) {
    log('building the site with one post more, whose picture is a phone photo (node bin/site.js build)…');
    const project = await projectWithPhotoPost();
    const built = await buildSite(project, dist).finally(() => removeCopy(project));
    buildLine = built.output.split('\n').at(-1) ?? '';
    if (!built.ok) {
      console.error(built.output);
      await rm(dist, { recursive: true, force: true });
      const results = gates.map((gate) => gateResult(gate, couldNotRun('the site did not build (see Build above)')));
      const meta = await reportMeta(root, started, `FAILED: ${built.output.split('\n').length} lines of diagnostics`, 0, skipped);
      await finish(results, meta, `\n## Build: FAIL\n\n\`\`\`\n${built.output}\n\`\`\`\n`);
      return 1;
    }
    log(buildLine);
  }

  const { context, close } = await openContext({
    root,
    dist,
    site: siteFacts(await readFile(join(root, 'site.yaml'), 'utf8'), process.env),
    reportDir: dirname(reportPath),
    concurrency: Number(values.concurrency),
    routeFilter: values.pages ? new RegExp(values.pages) : null,
    selected: (id) => gates.some((g) => g.id === id),
    log,
  });
  try {
    const results: GateResult[] = [];
    for (const gate of gates) {
      const t = Date.now();
      let result: GateResult;
      try {
        result = await gate.run(context);
      } catch (error) {
        result = gateResult(gate, couldNotRun(error instanceof Error ? error.message : String(error)));
      }
      result.ms = Date.now() - t;
      log(`${result.pass ? 'PASS' : 'FAIL'} ${gate.id} (${(result.ms / 1000).toFixed(1)} s)`);
      results.push(result);
    }
    return await finish(results, await reportMeta(root, started, buildLine, context.pages.length, skipped));
  } finally {
    await close();
    if (temporary && !values.keep) await rm(dist, { recursive: true, force: true });
    else if (temporary) log(`build kept at ${dist}`);
  }
}

/** The gates to run, in registry order: --only's, less --skip's. */
function selectGates(only: string | undefined, skip: string | undefined): Gate[] {
  const parse = (list: string) =>
    list.split(',').map((s) => {
      const gate = GATES.find((g) => g.id === s.trim());
      if (!gate) throw new Error(`unknown gate "${s}"; gates: ${GATES.map((g) => g.id).join(', ')}`);
      return gate;
    });
  const chosen = only ? parse(only) : GATES;
  const skipped = skip ? parse(skip) : [];
  return GATES.filter((g) => chosen.includes(g) && !skipped.includes(g));
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve) => execFile(command, args, { cwd }, (error, stdout) => resolve(error ? '' : stdout.trim())));
}

async function reportMeta(root: string, started: number, build: string, pages: number, skipped: string[]): Promise<ReportMeta> {
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
