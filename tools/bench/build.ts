// `npm run bench`: how long whole builds take, cold and warm, and how much memory, beside Hugo and
// Eleventy building an equivalent site. For each size it copies the project, adds N location pages
// made from a real one (synthetic-places.ts; 0 is the real site alone), and times, in rounds that
// take turns so the machine's drift falls on every tool alike:
// - cold `site build` and `site check` processes, and each peer's cold build (peers.ts);
// - warm builds: a `site build` after an edit to one page, to site.yaml and to a template, with
//   what the last build left in place, and each peer's build after an edit to one page.
// It prints each figure beside the issue's target (report.ts), and one build's stage profile.
// Prints figures; it asserts nothing (the machine is shared and noisy).
//
// Then it times the dev server's page and template edits (dev.ts), which have targets of their own.
//
//   npm run bench [-- --pages 0,1000,10000 --runs 3 --floor --dev-edits 25]
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument } from 'yaml';
import { copyProject, removeCopy } from '../../tests/helpers/project-copy.ts';
import { addSyntheticPlaces, SYNTHETIC_FOLDER } from './synthetic-places.ts';
import { runSite, type SiteRun } from './site-run.ts';
import { addLongPost } from './long-post.ts';
import { measureFloor } from './floor.ts';
import { isPeer, preparePeers, type Peer } from './peers.ts';
import { editYaml, firstPageOf, longestText, toggleFirstLetter, editSource } from './edits.ts';
import { htmlSizes, printSize, printTargets, problemSummary, type Measured, type Series } from './report.ts';
import { line, measureDev } from './dev.ts';

/** Links in the long post: a case of an earlier issue, kept as a figure. */
const LONG_POST_LINKS = 50_000;
/** The template the warm bench edits: the one every location page, synthetic ones included, uses. */
const TEMPLATE = 'templates/pages/location.tsx';

const COLD =
  '"cold": a new process, with dist/ (and the tree the last build replaced, node_modules/.cache/site/kept-output/), what earlier builds kept of the content and the client code (node_modules/.cache/site/parsed-*.json, texts-*.json, checks-*.json, renders-*.json and their later additions, bundle-*.json, cards-*.json, findings-*.json) deleted before it (the CLI and theme bundles, compiled validators, photos and cards are warm, made by an untimed check first, as an install or an earlier build of any content leaves them); a peer with its output and caches deleted. "warm": a new process after an edit, with everything the last build left in place.';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      pages: { type: 'string', default: '0,1000,10000' },
      runs: { type: 'string', default: '3' },
      floor: { type: 'boolean', default: false },
      'dev-edits': { type: 'string', default: '25' },
    },
  });
  const sizes = values.pages.split(',').map(Number);
  const runs = Number(values.runs);
  const devEdits = Number(values['dev-edits']);
  if (!sizes.every((n) => Number.isInteger(n) && n >= 0) || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(devEdits) || devEdits < 0) {
    console.error(
      'usage: npm run bench -- [--pages N,M,...] [--runs R] [--floor] [--dev-edits E]   (N: synthetic pages added to the real site, 0 for the real site alone; R from 1; E edits of each kind in site dev, 0 for none)',
    );
    return 2;
  }
  console.log(
    `npm run bench: ${sizes.map((n) => (n ? `the real site + ${n.toLocaleString('en-CA')} synthetic pages` : 'the real site')).join('; ')}; ${runs} run${runs === 1 ? '' : 's'} of each`,
  );
  console.log(COLD);
  const measured: Measured[] = [];
  for (const synthetic of sizes) {
    const m = await measureSize(synthetic, runs, values.floor);
    printSize(m);
    measured.push(m);
  }
  const dev = devEdits > 0 ? await measureDev(devEdits, ['page', 'template'], false) : undefined;
  if (dev) {
    console.log(`site dev, the real site: ${devEdits} edits each, from the write to the reload event (npm run bench:dev times more kinds)`);
    console.log(line('page edit', dev.edits.page));
    console.log(line('template edit', dev.edits.template));
  }
  printTargets(measured, dev?.edits);
  return 0;
}

async function measureSize(synthetic: number, runs: number, floor: boolean): Promise<Measured> {
  let root: string | undefined;
  try {
    root = await copyProject('bench-build');
    const model = synthetic ? (await addSyntheticPlaces(root, synthetic)).model : undefined;
    // Not timed: warms the CLI and theme bundles, and says whether the copy checks clean (warnings allowed).
    const problems = problemSummary(await runSite(root, ['check', '--format', 'json']));
    await makeCold(root);
    const verbose = await runSite(root, ['build', '--verbose']);
    const pages = Number(/Built (\d+) page/.exec(verbose.stdout)?.[1] ?? 0) || undefined;
    const html = verbose.status === 0 ? await htmlSizes(join(root, 'dist')) : undefined;
    const peers = pages && html ? await preparePeers(join(root, '.bench-peers'), pages, html.median, join(root, 'node_modules/.cache/site')) : [];

    const m: Measured = {
      synthetic,
      ...(model ? { model: `${model}, under pages/${SYNTHETIC_FOLDER}/` } : {}),
      ...(pages ? { pages } : {}),
      problems,
      stages: /stages: (.*)/.exec(verbose.stdout)?.[1] ?? `none (the build ${verbose.status === 0 ? 'printed no stages' : 'failed'})`,
      ...(html ? { html } : {}),
      cold: { runs: [] },
      check: { runs: [] },
      warm: { page: { runs: [] }, site: { runs: [] }, template: { runs: [] } },
      peers: peers.map((peer) => ({ peer, cold: { runs: [] }, warm: { runs: [] } })),
    };
    const live = m.peers.filter((p): p is Measured['peers'][number] & { peer: Peer } => isPeer(p.peer));
    for (let i = 0; i < runs; i++) {
      await timed(m.cold, async () => (await makeCold(root!), runSite(root!, ['build', '--quiet'])));
      for (const p of live) await timed(p.cold, () => p.peer.cold());
    }
    for (let i = 0; i < runs; i++) await timed(m.check, async () => (await makeCold(root!), runSite(root!, ['check'])));
    await warmSeries(root, m, runs);
    for (const p of live) {
      if (p.cold.runs.length) p.html = await htmlSizes(p.peer.output);
      await p.peer.warm();
      for (let i = 0; i < runs; i++) await timed(p.warm, () => p.peer.warm());
    }
    if (synthetic === 0) m.longPost = await longPost(root, runs);
    if (floor && m.cold.runs.length) m.floor = await measureFloor(root);
    return m;
  } finally {
    await removeCopy(root);
  }
}

/** Warm builds after an edit to one page, to site.yaml and to the template of most pages, each kind in turn. */
async function warmSeries(root: string, m: Measured, runs: number): Promise<void> {
  const page = join(root, (await firstPageOf(root, 'location')).file);
  const site = join(root, 'site.yaml');
  const sitePath = longestText(parseDocument(await readFile(site, 'utf8')).contents, []);
  // The first build after the cold series leaves a whole build in place to start from.
  await runSite(root, ['build', '--quiet']);
  for (let i = 0; i < runs; i++) {
    await timed(m.warm.page, async () => (await editYaml(page, (doc) => toggleFirstLetter(doc, ['description'])), runSite(root, ['build', '--quiet'])));
    await timed(m.warm.site, async () => (await editYaml(site, (doc) => toggleFirstLetter(doc, sitePath)), runSite(root, ['build', '--quiet'])));
    await timed(m.warm.template, async () => (await editSource(join(root, TEMPLATE), i), runSite(root, ['build', '--quiet'])));
  }
}

/** Adds one run to `series`, unless an earlier one failed: a failing command fails again, and a large one takes minutes to. */
async function timed(series: Series, run: () => Promise<SiteRun>): Promise<void> {
  if (series.failure) return;
  const result = await run();
  if (result.status === 0) series.runs.push(result);
  else series.failure = result;
}

/**
 * What a fresh checkout finds: no output folder (nor the tree the last build replaced, kept in the cache folder for
 * the next to write over), and nothing an earlier build kept of the content or the client code.
 */
async function makeCold(root: string): Promise<void> {
  await rm(join(root, 'dist'), { recursive: true, force: true });
  const cache = join(root, 'node_modules/.cache/site');
  await rm(join(cache, 'kept-output'), { recursive: true, force: true });
  for (const name of await readdir(cache).catch(() => [])) {
    if (/^(parsed|texts|checks|renders|bundle|cards|findings)-.*\.json$/.test(name)) await rm(join(cache, name), { force: true });
  }
}

/** Cold checks of the real site with one post of a great many links. */
async function longPost(root: string, runs: number): Promise<{ post: string; problems: string; checks: Series }> {
  const post = await addLongPost(root, LONG_POST_LINKS);
  const problems = problemSummary(await runSite(root, ['check', '--format', 'json']));
  const checks: Series = { runs: [] };
  for (let i = 0; i < runs; i++) await timed(checks, async () => (await makeCold(root), runSite(root, ['check'])));
  return { post, problems, checks };
}
