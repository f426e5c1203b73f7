// What `npm run bench` prints: each size's figures, then every target of the issue beside the
// figure that meets or misses it. Times are medians; memory is the highest peak of any run; a
// ratio compares medians of the same run. A target this run did not measure says so.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { floorSeconds, type Floor } from './floor.ts';
import { median, type SiteRun } from './site-run.ts';
import type { MissingPeer, Peer } from './peers.ts';

/** Runs of one command, up to the first that failed. */
export interface Series {
  runs: SiteRun[];
  failure?: SiteRun;
}

export interface Measured {
  /** Synthetic pages added to the real site. */
  synthetic: number;
  model?: string;
  /** Pages of a finished build; undefined when no build finished. */
  pages?: number;
  problems: string;
  stages: string;
  html?: HtmlSizes;
  cold: Series;
  check: Series;
  warm: { page: Series; site: Series; template: Series };
  peers: { peer: Peer | MissingPeer; cold: Series; warm: Series; html?: HtmlSizes }[];
  longPost?: { post: string; problems: string; checks: Series };
  floor?: Floor;
}

export interface HtmlSizes {
  count: number;
  median: number;
  largest: { file: string; bytes: number };
  total: number;
}

/** The HTML pages of a build: how big one is, since lists of every place make each page grow with the site. */
export async function htmlSizes(dist: string): Promise<HtmlSizes> {
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
  const sized = await Promise.all(files.map(async (file) => ({ file, bytes: (await stat(join(dist, file))).size })));
  sized.sort((a, b) => a.bytes - b.bytes);
  return {
    count: sized.length,
    median: sized[Math.floor(sized.length / 2)]?.bytes ?? 0,
    largest: sized.at(-1) ?? { file: '-', bytes: 0 },
    total: sized.reduce((sum, f) => sum + f.bytes, 0),
  };
}

/** The check's count of problems by kind, or why it gave none. */
export function problemSummary(run: SiteRun): string {
  // Exit status 1 is a check that found errors; it still printed its JSON.
  if (run.status !== 0 && run.status !== 1) return failureText(run);
  const verdict = JSON.parse(run.stdout) as { errors: number; warnings: number; diagnostics: { code: string }[] };
  const codes = new Map<string, number>();
  for (const d of verdict.diagnostics) codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
  const which = [...codes].map(([code, n]) => `${code} ×${n}`).join(', ');
  return `${verdict.errors} errors, ${verdict.warnings} warnings${which ? ` (${which})` : ''}`;
}

function failureText(run: SiteRun): string {
  const lines = run.stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const why = lines.find((l) => /FATAL|Error/.test(l)) ?? lines.at(-1) ?? 'nothing printed';
  return `failed after ${run.seconds.toFixed(1)} s (exit ${run.status}: ${why}), peak RSS ${mb(run.peakMb)}`;
}

function mb(value: number | undefined): string {
  return value === undefined ? 'unknown' : `${value.toFixed(0)} MB`;
}

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(2)} MB`;
}

function sizeName(m: Measured): string {
  return m.synthetic ? `${m.synthetic.toLocaleString('en-CA')} synthetic + the real site` : 'the real site';
}

export function printSize(m: Measured): void {
  console.log('');
  console.log(`${sizeName(m)}: ${m.pages ?? 'unknown number of'} pages${m.model ? ` (synthetic pages modelled on ${m.model})` : ''}`);
  console.log(`  site check (once, before timing): ${m.problems}`);
  for (const line of seriesLines('build cold', m.cold, m.pages)) console.log(line);
  for (const line of seriesLines('check cold', m.check, m.pages)) console.log(line);
  for (const line of seriesLines('build warm, one page edited', m.warm.page, m.pages)) console.log(line);
  for (const line of seriesLines('build warm, site.yaml edited', m.warm.site, m.pages)) console.log(line);
  for (const line of seriesLines('build warm, a template edited', m.warm.template, m.pages)) console.log(line);
  for (const { peer, cold, warm, html } of m.peers) {
    if (!('cold' in peer)) {
      console.log(`  ${peer.name}: not measured, ${peer.missing}`);
      continue;
    }
    for (const line of seriesLines(`${peer.name} ${peer.version} cold`, cold, m.pages)) console.log(line);
    for (const line of seriesLines(`${peer.name} ${peer.version} warm, one page edited`, warm, m.pages)) console.log(line);
    if (html) console.log(`  ${''.padEnd(36)} its HTML: ${html.count} files, median ${megabytes(html.median)}, ${megabytes(html.total)} in all`);
  }
  console.log(`  stages of one cold build --verbose: ${m.stages}`);
  if (m.html)
    console.log(
      `  HTML per page: median ${megabytes(m.html.median)}, largest ${megabytes(m.html.largest.bytes)} (${m.html.largest.file}); ${m.html.count} HTML files, ${megabytes(m.html.total)} in all; the peers' pages are made as large as the median`,
    );
  if (m.longPost) {
    console.log(`  with ${m.longPost.post}, a post of 50,000 links: ${m.longPost.problems}`);
    for (const line of seriesLines('check cold', m.longPost.checks, undefined)) console.log(line);
  }
  if (m.floor) for (const line of floorLines(m.floor)) console.log(line);
}

function floorLines(floor: Floor): string[] {
  const s = (n: number) => `${n.toFixed(2)} s`;
  const least = (write: boolean) =>
    `${s(floorSeconds(floor, { write, threads: 1 }))} on one thread, ${s(floorSeconds(floor, { write, threads: floor.cores }))} shared perfectly over ${floor.cores} cores`;
  return [
    '  floor on this machine (each part alone, on one thread; tools/bench/floor.ts):',
    `    start the engine ${s(floor.start)}; parse ${floor.texts} YAML texts ${s(floor.parse)} (js-yaml alone, warm); render ${floor.pages} pages ${s(floor.render)} (React alone, of a render stage of ${s(floor.renderStage)}); write ${floor.files} files ${s(floor.write)}`,
    `    no build can take less than ${least(true)}; no check less than ${least(false)}`,
  ];
}

export function seriesLines(label: string, series: Series, pages: number | undefined): string[] {
  const lines: string[] = [];
  const seconds = series.runs.map((r) => r.seconds);
  const rss = series.runs.flatMap((r) => (r.peakMb === undefined ? [] : [r.peakMb]));
  if (seconds.length) {
    const s = (n: number) => `${n.toFixed(2)} s`;
    const rate = pages ? `  ${Math.round(pages / median(seconds))} pages/s` : '';
    const memory = rss.length ? `  peak RSS ${mb(Math.max(...rss))}` : '';
    lines.push(
      `  ${label.padEnd(36)} median ${s(median(seconds))}  min ${s(Math.min(...seconds))}  max ${s(Math.max(...seconds))}${rate}${memory}  (${seconds.length} run${seconds.length === 1 ? '' : 's'})`,
    );
  }
  if (series.failure) lines.push(`  ${label.padEnd(36)} ${failureText(series.failure)}`);
  return lines;
}

/** A measured value, a command that failed, or a target this run does not reach. */
interface Figure {
  value?: number;
  failed?: boolean;
  otherwise?: string;
}

const time = (series: Series): Figure => ({
  ...(series.runs.length ? { value: median(series.runs.map((r) => r.seconds)) } : {}),
  ...(series.failure ? { failed: true } : {}),
});

const peak = (series: Series): Figure => {
  const peaks = [...series.runs, ...(series.failure ? [series.failure] : [])].flatMap((r) => (r.peakMb === undefined ? [] : [r.peakMb]));
  // A failed run's peak is only how far it got, so it can miss the target but never meet it.
  return { ...(peaks.length ? { value: Math.max(...peaks) } : {}), ...(series.failure ? { failed: true } : {}) };
};

/** `a / b` of two figures, when both are measured. */
function ratio(a: Figure, b: Figure): Figure {
  if (a.failed || b.failed) return { failed: true };
  return a.value !== undefined && b.value !== undefined ? { value: a.value / b.value } : { otherwise: a.otherwise ?? b.otherwise ?? 'not measured' };
}

interface Row {
  target: string;
  /** At most (`≤`) or at least (`≥`) the limit. */
  limit: { most?: number; least?: number };
  unit: 's' | 'ms' | 'MB' | '×';
  figure: Figure;
}

/** The median of the dev server's times, when it was timed. */
function devFigure(times: number[] | undefined): Figure {
  return times?.length ? { value: median(times) } : { otherwise: 'run with --dev-edits 25' };
}

/** The issue's targets beside this run's figures; `dev`, the dev server's milliseconds from a write to its reload event. */
export function printTargets(measured: Measured[], dev?: { page: number[]; template: number[] }): void {
  const at = (synthetic: number) => measured.find((m) => m.synthetic === synthetic);
  const missing = (synthetic: number): Figure => ({ otherwise: `run with --pages ${synthetic}` });
  const of = (synthetic: number, figure: (m: Measured) => Figure): Figure => {
    const m = at(synthetic);
    return m ? figure(m) : missing(synthetic);
  };
  const peerTime = (m: Measured, name: string, kind: 'cold' | 'warm'): Figure => {
    const p = m.peers.find((x) => x.peer.name === name);
    if (!p || !('cold' in p.peer)) return { otherwise: `${name} ${p && 'missing' in p.peer ? p.peer.missing : 'not measured'}` };
    return time(p[kind]);
  };
  const rows: Row[] = [
    { target: 'cold, 10,000: Hugo time / ours', limit: { least: 1.3 }, unit: '×', figure: of(10_000, (m) => ratio(peerTime(m, 'Hugo', 'cold'), time(m.cold))) },
    {
      target: 'cold, 1,000: Eleventy time / ours',
      limit: { least: 1 },
      unit: '×',
      figure: of(1_000, (m) => ratio(peerTime(m, 'Eleventy', 'cold'), time(m.cold))),
    },
    { target: 'cold, 1,000: Hugo time / ours', limit: { least: 0.6 }, unit: '×', figure: of(1_000, (m) => ratio(peerTime(m, 'Hugo', 'cold'), time(m.cold))) },
    { target: 'cold, the real site', limit: { most: 0.35 }, unit: 's', figure: of(0, (m) => time(m.cold)) },
    { target: 'warm, 10,000, one page edited', limit: { most: 1.5 }, unit: 's', figure: of(10_000, (m) => time(m.warm.page)) },
    { target: 'warm, the real site, one page edited', limit: { most: 0.2 }, unit: 's', figure: of(0, (m) => time(m.warm.page)) },
    ...measured.flatMap((m): Row[] => [
      { target: `warm, ${shortName(m)}, site.yaml edited / cold`, limit: { most: 1 }, unit: '×', figure: ratio(time(m.warm.site), time(m.cold)) },
      { target: `warm, ${shortName(m)}, template edited / cold`, limit: { most: 1 }, unit: '×', figure: ratio(time(m.warm.template), time(m.cold)) },
    ]),
    { target: 'memory, 10,000: peak', limit: { most: 400 }, unit: 'MB', figure: of(10_000, (m) => peak(m.cold)) },
    { target: 'memory, 100,000: peak', limit: { most: 1500 }, unit: 'MB', figure: of(100_000, (m) => peak(m.cold)) },
    {
      target: 'time, 100,000 / 10,000',
      limit: { most: 11 },
      unit: '×',
      figure: at(100_000) && at(10_000) ? ratio(time(at(100_000)!.cold), time(at(10_000)!.cold)) : { otherwise: 'run with --pages 10000,100000' },
    },
    { target: 'dev, a page edit to its reload', limit: { most: 30 }, unit: 'ms', figure: devFigure(dev?.page) },
    { target: 'dev, a template edit to its reload', limit: { most: 250 }, unit: 'ms', figure: devFigure(dev?.template) },
  ];
  const shown = (n: number, unit: Row['unit']) =>
    unit === 'MB' ? `${n.toFixed(0)} MB` : unit === 's' ? `${n.toFixed(2)} s` : unit === 'ms' ? `${n.toFixed(1)} ms` : `${n.toFixed(2)}×`;
  console.log('');
  console.log('targets (issue 26), against this run');
  console.log(`  ${'target'.padEnd(46)} ${'limit'.padEnd(10)} ${'measured'.padEnd(10)} verdict`);
  for (const { target, limit, unit, figure } of rows) {
    const measuredText = figure.value !== undefined ? shown(figure.value, unit) : figure.failed ? 'failed' : '-';
    const met =
      figure.value !== undefined && (limit.most === undefined || figure.value <= limit.most) && (limit.least === undefined || figure.value >= limit.least);
    const verdict = figure.failed ? 'missed (a command failed)' : figure.value !== undefined ? (met ? 'met' : 'missed') : `not measured (${figure.otherwise})`;
    const limitText = limit.most !== undefined ? `≤ ${shown(limit.most, unit)}` : `≥ ${shown(limit.least!, unit)}`;
    console.log(`  ${target.padEnd(46)} ${limitText.padEnd(10)} ${measuredText.padEnd(10)} ${verdict}`);
  }
}

function shortName(m: Measured): string {
  return m.synthetic ? m.synthetic.toLocaleString('en-CA') : 'the real site';
}
