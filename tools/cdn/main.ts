// `npm run test:cdn`: the built site judged by the real engines. It builds the
// site, serves the build with Cloudflare's Pages runtime (`wrangler pages dev`,
// cloudflare.ts) and with the project's preview server side by side, asks both
// for every path of probes.ts, and compares status, Location, the headers
// _headers sets and the content (compare.ts). Netlify's own parsers read
// _redirects and _headers, and must read them as the engine does (netlify.ts);
// Cloudflare's must accept every line. Any difference but the documented one
// (compare.ts KNOWN_DIFFERENCES) fails, with the path and both answers.
//
// Options: --dist <dir> judges an existing build instead of building;
// --verbose prints every path with both answers.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseHeaders, parseRedirects, serve } from 'trn-site/serve';
import { buildSite, listFiles } from '../audit/site.ts';
import { ask, type Answer } from './answer.ts';
import { cloudflareReading, startPages } from './cloudflare.ts';
import { describe, judge, type KnownDifference } from './compare.ts';
import { headerDifferences, readWithNetlify, redirectDifferences } from './netlify.ts';
import { previewStep } from './preview-step.ts';
import { probesOf, type Probe } from './probes.ts';
import { guardedMain } from '../guarded-main.ts';

/** Requests in flight at once to each server: enough to keep both busy, little enough for a 2-core machine. */
const IN_FLIGHT = 4;

export const main = guardedMain('cdn', check);

async function check(args: string[], root: string): Promise<number> {
  const started = Date.now();
  const { values } = parseArgs({ args, options: { dist: { type: 'string' }, verbose: { type: 'boolean', default: false } } });
  const log = (line: string) => console.log(`cdn: ${line}`);
  const scratch = await mkdtemp(join(tmpdir(), 'site-cdn-'));
  try {
    const dist = values.dist ? resolve(values.dist) : join(scratch, 'dist');
    if (!values.dist) {
      log('building the site (node bin/site.js build)…');
      const built = await buildSite(root, dist);
      if (!built.ok) {
        console.error(built.output);
        log('the site did not build, so there is nothing to serve');
        return 1;
      }
      log(built.output.split('\n').at(-1) ?? '');
    }

    const files = await listFiles(dist);
    const redirects = parseRedirects(await readFile(join(dist, '_redirects'), 'utf8').catch(() => ''));
    const headers = parseHeaders(await readFile(join(dist, '_headers'), 'utf8').catch(() => ''));
    const probes = probesOf(
      files,
      redirects.rules.map((rule) => rule.from),
    );
    const names = [...new Set(headers.rules.flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase())))].sort();
    const fileSet = new Set(files);

    const preview = await serve({ dir: dist, port: 0 });
    let pages;
    try {
      pages = await startPages(root, dist, scratch);
    } catch (error) {
      await preview.close();
      throw error;
    }
    log(`Cloudflare's Pages runtime (${pages.versions}) serving in ${(pages.startMs / 1000).toFixed(1)} s`);
    let answers: Array<[Answer, Answer]>;
    try {
      answers = await inBatches(probes, (probe) => Promise.all([ask(preview.url, probe.path, names), ask(pages.origin, probe.path, names)]));
    } finally {
      await Promise.all([preview.close(), pages.close()]);
    }

    // The answers, path by path.
    const failures: string[] = [];
    const tolerated = new Map<KnownDifference, string[]>();
    probes.forEach((probe, i) => {
      const [ours, theirs] = answers[i]!;
      const verdict = judge(
        ours,
        theirs,
        previewStep(probe.path, redirects.rules, (rel) => fileSet.has(rel)),
        probe.path,
      );
      if (values.verbose)
        console.log(`  ${probe.path}  (${probe.reason})  preview ${describe(ours, verdict.fields)} | Cloudflare ${describe(theirs, verdict.fields)}`);
      for (const known of verdict.known) tolerated.set(known, [...(tolerated.get(known) ?? []), probe.path]);
      if (verdict.unexplained.length > 0) failures.push(differenceText(probe, ours, theirs, verdict.fields));
    });
    log(`asked both servers for ${probes.length} paths: ${failures.length} ${failures.length === 1 ? 'difference' : 'differences'}`);
    for (const text of failures) console.log(text);
    for (const [known, paths] of tolerated) {
      log(`${paths.length} answers differ only as documented (${known.id}, e.g. ${paths.slice(0, 3).join(', ')}): ${known.explanation}`);
    }

    // The files, as each engine's parsers read them.
    const engineRefused = [
      ...redirects.errors.map((e) => `_redirects line ${e.line}: ${e.message}`),
      ...headers.errors.map((e) => `_headers line ${e.line}: ${e.message}`),
    ];
    const netlify = await readWithNetlify(join(dist, '_redirects'), join(dist, '_headers'));
    const netlifyProblems = [
      ...netlify.refused.map((message) => `Netlify refuses: ${message}`),
      ...redirectDifferences(netlify.redirects, redirects.rules),
      ...headerDifferences(
        netlify.headers,
        headers.rules,
        probes.map((p) => p.path),
      ),
    ];
    const cloudflare = cloudflareReading(pages.output());
    const cloudflareProblems = [
      ...cloudflare.refused.map((message) => `Cloudflare refuses: ${message}`),
      ...(cloudflare.redirects === (redirects.rules.length || null)
        ? []
        : [`Cloudflare accepted ${cloudflare.redirects ?? 'no'} of the ${redirects.rules.length} redirect rules`]),
      ...(cloudflare.headers === (headers.rules.length || null)
        ? []
        : [`Cloudflare accepted ${cloudflare.headers ?? 'no'} of the ${headers.rules.length} header blocks`]),
    ];
    const counts = `${redirects.rules.length} redirect rules and ${headers.rules.length} header blocks`;
    const readings: Array<[string, string, string[]]> = [
      ['the preview server', `reads every line: ${counts}`, engineRefused],
      ['Netlify’s parsers (netlify-redirect-parser, netlify-headers-parser)', `read the ${counts} as the engine does`, netlifyProblems],
      ['Cloudflare’s parsers (as wrangler reports them)', `accept all ${counts}`, cloudflareProblems],
    ];
    for (const [who, agreed, problems] of readings) {
      if (problems.length === 0) log(`${who} ${agreed}`);
      else for (const problem of problems) console.log(`DIFFERENT READING by ${who}: ${problem}`);
    }

    const failed = failures.length + readings.filter(([, , problems]) => problems.length > 0).length;
    const passed = probes.length + readings.length - failed;
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The plain closing line CI reads.
    console.log(`cdn: ${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function differenceText(probe: Probe, ours: Answer, theirs: Answer, fields: readonly string[]): string {
  return [
    `DIFFERENT ${probe.path}  (${probe.reason}; ${fields.join(', ')})`,
    `  preview server:   ${describe(ours, fields)}`,
    `  Cloudflare Pages: ${describe(theirs, fields)}`,
  ].join('\n');
}

/** `work` for every item, IN_FLIGHT at a time, results in the items' order. */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return results;
}
