// `npm run bench`: how long a whole build takes, and how much memory, at the
// size of a large multi-location site. Copies the project, adds N location
// pages made from a real one (synthetic-places.ts), times cold `site build`
// and `site check` processes on that copy and on a copy of the real site
// alone, and sets the figures beside the targets of the issue. Prints figures;
// it asserts nothing (the machine is shared and noisy).
//
//   npm run bench [-- --pages 1000 --runs 5]
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { copyProject, removeCopy } from '../../tests/helpers/project-copy.ts';
import { addSyntheticPlaces, SYNTHETIC_FOLDER } from './synthetic-places.ts';
import { median, runSite, type SiteRun } from './site-run.ts';
import { addLongPost } from './long-post.ts';
import { floorSeconds, measureFloor, type Floor } from './floor.ts';

/** Links in the long post: the issue's case. */
const LONG_POST_LINKS = 50_000;

const COLD =
  '"cold": each run is a new `node bin/site.js` process, with dist/ and the parse cache (node_modules/.cache/site/parsed-*.json) deleted before it; the CLI and theme bundles are warm, made by an untimed check first.';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { pages: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' } } });
  const count = Number(values.pages);
  const runs = Number(values.runs);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(runs) || runs < 1) {
    console.error('usage: npm run bench -- [--pages N] [--runs R]   (N and R whole numbers from 1)');
    return 2;
  }
  let large: string | undefined;
  let real: string | undefined;
  try {
    large = await copyProject('bench-build');
    const made = await addSyntheticPlaces(large, count);
    real = await copyProject('bench-build-real');
    console.log(
      `npm run bench: ${count} synthetic location pages (modelled on ${made.model}, under pages/${SYNTHETIC_FOLDER}/), ${runs} run${runs === 1 ? '' : 's'} of each command`,
    );
    console.log(COLD);

    const withSynthetic = await measure(large, runs);
    print(`the project with ${count} synthetic pages`, withSynthetic);
    const alone = await measure(real, runs);
    print('the real site alone', alone);
    // Last, as it changes the copy of the real site: one post with a great many links.
    const post = await addLongPost(real, LONG_POST_LINKS);
    const verdict = await runSite(real, ['check', '--format', 'json']);
    const longPost = await coldSeries(real, ['check'], runs);
    console.log('');
    console.log(`the real site with ${post}, a post of ${LONG_POST_LINKS.toLocaleString('en-CA')} links`);
    console.log(`  site check (once, before timing): ${problemSummary(verdict)}`);
    for (const line of seriesLines('site check', longPost, undefined)) console.log(line);
    printTargets(count, withSynthetic, alone, longPost);
    return 0;
  } finally {
    await removeCopy(large);
    await removeCopy(real);
  }
}

interface Measured {
  /** Pages of a finished build; undefined when no build finished. */
  pages?: number;
  problems: string;
  builds: Series;
  checks: Series;
  stages?: string;
  html?: HtmlSizes;
  /** What the parts no design can skip take here, each alone (floor.ts); measured on a finished build. */
  floor?: Floor;
}

/** Cold runs of one command, up to the first that fails: a failing command fails again, and each failure of a large build takes minutes. */
interface Series {
  runs: SiteRun[];
  failure?: SiteRun;
}

async function measure(root: string, runs: number): Promise<Measured> {
  // Not timed: warms the CLI and theme bundles, and says whether the copy checks clean
  // (warnings allowed), without which its figures would mean little.
  const verdict = await runSite(root, ['check', '--format', 'json']);
  const builds = await coldSeries(root, ['build', '--quiet'], runs);
  const checks = await coldSeries(root, ['check'], runs);
  if (builds.failure) return { problems: problemSummary(verdict), builds, checks };
  await makeCold(root);
  const verbose = (await runSite(root, ['build', '--verbose'])).stdout;
  const built = /Built (\d+) page/.exec(verbose);
  return {
    ...(built ? { pages: Number(built[1]) } : {}),
    problems: problemSummary(verdict),
    builds,
    checks,
    stages: /stages: (.*)/.exec(verbose)?.[1] ?? '(no stages line)',
    html: await htmlSizes(join(root, 'dist')),
    floor: await measureFloor(root),
  };
}

async function coldSeries(root: string, args: string[], runs: number): Promise<Series> {
  const series: Series = { runs: [] };
  for (let i = 0; i < runs; i++) {
    await makeCold(root);
    const run = await runSite(root, args);
    if (run.status !== 0) return { ...series, failure: run };
    series.runs.push(run);
  }
  return series;
}

/** What a fresh process finds: no output folder and no parse cache. */
async function makeCold(root: string): Promise<void> {
  await rm(join(root, 'dist'), { recursive: true, force: true });
  const cache = join(root, 'node_modules/.cache/site');
  for (const name of await readdir(cache)) {
    if (name.startsWith('parsed-') && name.endsWith('.json')) await rm(join(cache, name), { force: true });
  }
}

/** The check's count of problems by kind, or why it gave none. */
function problemSummary(run: SiteRun): string {
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

interface HtmlSizes {
  count: number;
  median: number;
  largest: { file: string; bytes: number };
  total: number;
}

/** The HTML pages of a build: how big one is, since lists of every place make each page grow with the site. */
async function htmlSizes(dist: string): Promise<HtmlSizes> {
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

function print(title: string, m: Measured): void {
  console.log('');
  console.log(`${title}: ${m.pages ?? 'unknown number of'} pages`);
  console.log(`  site check (once, before timing): ${m.problems}`);
  for (const line of seriesLines('site build', m.builds, m.pages)) console.log(line);
  for (const line of seriesLines('site check', m.checks, m.pages)) console.log(line);
  console.log(`  stages of one cold build --verbose: ${m.stages ?? 'none (the build fails)'}`);
  if (m.html)
    console.log(
      `  HTML per page: median ${megabytes(m.html.median)}, largest ${megabytes(m.html.largest.bytes)} (${m.html.largest.file}); ${m.html.count} HTML files, ${megabytes(m.html.total)} in all`,
    );
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

function seriesLines(label: string, series: Series, pages: number | undefined): string[] {
  const lines: string[] = [];
  const seconds = series.runs.map((r) => r.seconds);
  const rss = series.runs.flatMap((r) => (r.peakMb === undefined ? [] : [r.peakMb]));
  if (seconds.length) {
    const s = (n: number) => `${n.toFixed(2)} s`;
    const rate = pages ? `  ${Math.round(pages / median(seconds))} pages/s` : '';
    const memory = rss.length ? `  peak RSS ${mb(Math.max(...rss))} (median ${mb(median(rss))})` : '';
    lines.push(
      `  ${label.padEnd(11)} median ${s(median(seconds))}  min ${s(Math.min(...seconds))}  max ${s(Math.max(...seconds))}${rate}${memory}  (${seconds.length} run${seconds.length === 1 ? '' : 's'})`,
    );
  }
  if (series.failure) lines.push(`  ${label.padEnd(11)} ${failureText(series.failure)}`);
  return lines;
}

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(2)} MB`;
}

/**
 * The issue's targets beside this run's figures: times are median cold builds,
 * memory the highest peak of any run. A build that failed misses its targets; a
 * target this run did not measure (another page count) says so rather than guessing.
 */
function printTargets(count: number, large: Measured, real: Measured, longPost: Series): void {
  const time = (series: Series): Figure => ({
    ...(series.runs.length ? { value: median(series.runs.map((r) => r.seconds)) } : {}),
    ...(series.failure ? { failed: true } : {}),
  });
  const peak = (series: Series): Figure => {
    const peaks = [...series.runs, ...(series.failure ? [series.failure] : [])].flatMap((r) => (r.peakMb === undefined ? [] : [r.peakMb]));
    // A failed run's peak is only how far it got, so it can miss the target but never meet it.
    return { ...(peaks.length ? { value: Math.max(...peaks) } : {}), ...(series.failure ? { failed: true } : {}) };
  };
  const only = (pages: number, figure: Figure): Figure => (count === pages ? figure : { otherwise: `run with --pages ${pages}` });
  // The least time the machine allows, shared perfectly over its cores: a target under it cannot be met here.
  const least = (m: Measured, write: boolean): Figure => (m.floor ? { value: floorSeconds(m.floor, { write, threads: m.floor.cores }) } : {});
  const rows: { target: string; limit: number; unit: string; figure: Figure; floor?: Figure }[] = [
    { target: '10,000 pages: site build time', limit: 4.0, unit: 's', figure: only(10_000, time(large.builds)), floor: only(10_000, least(large, true)) },
    { target: '10,000 pages: site build peak RSS', limit: 400, unit: 'MB', figure: only(10_000, peak(large.builds)) },
    { target: '1,000 pages: site build time', limit: 0.6, unit: 's', figure: only(1_000, time(large.builds)), floor: only(1_000, least(large, true)) },
    { target: 'real site: site build time', limit: 0.4, unit: 's', figure: time(real.builds), floor: least(real, true) },
    { target: 'real site: site check time', limit: 0.3, unit: 's', figure: time(real.checks), floor: least(real, false) },
    { target: '10,000-page time / 1,000-page time', limit: 11, unit: '×', figure: { otherwise: "one page count per run: divide the two runs' medians" } },
    { target: `real site + ${LONG_POST_LINKS / 1000}k-link post: check`, limit: 1.0, unit: 's', figure: time(longPost) },
  ];
  const shown = (n: number, unit: string) => (unit === 'MB' ? `${n.toFixed(0)} MB` : unit === 's' ? `${n.toFixed(2)} s` : `${n.toFixed(1)}${unit}`);
  console.log('');
  console.log('targets (from the issue), against this run');
  console.log(`  ${'target'.padEnd(36)} ${'limit'.padEnd(8)} ${'measured'.padEnd(10)} ${'floor'.padEnd(8)} verdict`);
  for (const { target, limit, unit, figure, floor } of rows) {
    const measured = figure.value !== undefined ? shown(figure.value, unit) : figure.failed ? 'failed' : '-';
    const under = floor?.value !== undefined && floor.value > limit ? ", and under the floor: out of this machine's reach" : '';
    const verdict = figure.failed
      ? 'missed (the command failed)'
      : figure.value !== undefined
        ? figure.value <= limit
          ? 'met'
          : `missed${under}`
        : `not measured (${figure.otherwise})`;
    const least = floor?.value !== undefined ? shown(floor.value, unit) : '-';
    console.log(`  ${target.padEnd(36)} ${`≤ ${shown(limit, unit)}`.padEnd(8)} ${measured.padEnd(10)} ${least.padEnd(8)} ${verdict}`);
  }
  console.log("  floor: the least time the parts no design can skip allow, shared perfectly over every core (see each copy's floor above)");
}

/** A measured value, a command that failed, or a target this run does not reach. */
interface Figure {
  value?: number;
  failed?: boolean;
  otherwise?: string;
}
