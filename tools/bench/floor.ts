// The floor under a build, for `npm run bench`: the time the parts no design of
// this engine can skip take on this machine, each measured alone on one thread.
// Starting Node and loading the engine; reading every YAML text with js-yaml
// (the fastest reader it has, with nothing else done); React's
// renderToStaticMarkup, timed call by call during a one-thread check; and
// creating every file of the output again in a new folder (written, or linked
// where the build linked it from its cache). However a build overlaps
// them, it cannot finish sooner than the engine's start plus the rest shared
// perfectly over every core, so a target below that is out of this machine's
// reach, whatever the engine does around them.
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { build } from 'trn-site/internal/build.ts';
import { splitFrontMatter } from 'trn-site/internal/validate/yaml.ts';
import { load as loadContent, type LoadedContent } from 'trn-site/internal/load/load.ts';
import { median, runSite } from './site-run.ts';

const run = promisify(execFile);

// React's renderToStaticMarkup, timed: loaded before the engine (node --require), it wraps the
// function on the module every later import of react-dom/server is given, and adds up the time
// spent inside it. Its file lives in the copy, and goes with it.
const REACT_CLOCK = '.bench-react-clock.cjs';
const REACT_CLOCK_SECONDS = Symbol.for('site-bench.react-seconds');
const REACT_CLOCK_SOURCE = `'use strict';
const server = require(require.resolve('react-dom/server', { paths: [process.cwd()] }));
const render = server.renderToStaticMarkup;
const seconds = Symbol.for('site-bench.react-seconds');
globalThis[seconds] = 0;
server.renderToStaticMarkup = function renderToStaticMarkup(...args) {
  const from = performance.now();
  try {
    return render.apply(this, args);
  } finally {
    globalThis[seconds] += (performance.now() - from) / 1000;
  }
};
`;

export interface Floor {
  /** Seconds: `node bin/site.js --version`, the median of a few. */
  start: number;
  /** Seconds to read every YAML text with js-yaml alone, warm. */
  parse: number;
  /** Seconds inside React's renderToStaticMarkup during a check on one thread. */
  render: number;
  /** Seconds of that check's whole render stage (React, and each page's links found for the rules), for comparison. */
  renderStage: number;
  /** Seconds to write every file of the built output into a new folder, in turn (linking those the build linked from its cache). */
  write: number;
  texts: number;
  pages: number;
  files: number;
  cores: number;
}

/**
 * The floor of the project at `root`, whose output folder `dist/` must hold a finished build. Measured
 * in a process of its own, started as bin/site.js starts the engine (React's production build).
 */
export async function measureFloor(root: string): Promise<Floor> {
  const clock = join(root, REACT_CLOCK);
  writeFileSync(clock, REACT_CLOCK_SOURCE);
  const { stdout } = await run(process.execPath, ['--require', clock, join(root, 'tools/run.js'), join(root, 'tools/bench/floor.ts'), root], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as Floor;
}

/** `node tools/run.js tools/bench/floor.ts <root>`: prints the floor of `root` as JSON. */
export async function main(args: string[]): Promise<number> {
  if (process.env.NODE_ENV !== 'production') {
    console.error("the floor is measured with React's production build: run with NODE_ENV=production");
    return 2;
  }
  console.log(JSON.stringify(await floorHere(args[0] ?? '.')));
  return 0;
}

async function floorHere(root: string): Promise<Floor> {
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) starts.push((await runSite(root, ['--version'])).seconds);
  const texts = yamlTexts(await loadContent(root));
  // Once to warm the reader up, once timed: the floor is the reader at its fastest.
  parseAll(texts);
  const parse = timed(() => parseAll(texts));
  const checked = await build({ root, write: false, stream: true, threads: 1 });
  const react = (globalThis as Record<symbol, number | undefined>)[REACT_CLOCK_SECONDS];
  if (!react) throw new Error(`React's renderToStaticMarkup was not timed: run with node --require ${REACT_CLOCK}`);
  const { seconds: write, count } = writeAll(join(root, 'dist'));
  return {
    start: median(starts),
    parse,
    render: react,
    renderStage: (checked.stats.stages.render ?? 0) / 1000,
    write,
    texts: texts.length,
    pages: checked.stats.pages,
    files: count,
    cores: availableParallelism(),
  };
}

/** The least wall time of a build: the engine's start, then the rest on one thread, or shared perfectly over every core. */
export function floorSeconds(floor: Floor, options: { write: boolean; threads: number }): number {
  const work = floor.parse + floor.render + (options.write ? floor.write : 0);
  return floor.start + work / Math.max(1, options.threads);
}

/** site.yaml, every page file and each post's front matter, as the build reads them: what it parses. */
function yamlTexts(content: LoadedContent): string[] {
  const texts: string[] = [];
  for (const source of [content.site, ...content.pages]) {
    if (!source) continue;
    const text = source.file.endsWith('.md') ? splitFrontMatter(source.text)?.front : source.text;
    if (text !== undefined) texts.push(text);
  }
  return texts;
}

function parseAll(texts: readonly string[]): void {
  for (const text of texts) {
    try {
      load(text, { schema: CORE_SCHEMA });
    } catch {
      // A text js-yaml refuses costs what it cost; the build would report it.
    }
  }
}

/**
 * Writes every file under `dist` into a new folder beside it, from this thread in turn, as a build's
 * writer does: a file the build linked from its cache (a share card, a photo variant, which have more
 * than one name) is linked again, the rest written.
 */
function writeAll(dist: string): { seconds: number; count: number } {
  const files = filesUnder(dist).map((file) => ({ file, path: file.slice(dist.length + 1), bytes: statSync(file).nlink > 1 ? undefined : readFileSync(file) }));
  const folder = `${dist}-floor`;
  rmSync(folder, { recursive: true, force: true });
  try {
    const made = new Set<string>();
    const seconds = timed(() => {
      for (const { file, path, bytes } of files) {
        const target = join(folder, path);
        const parent = dirname(target);
        if (!made.has(parent)) {
          mkdirSync(parent, { recursive: true });
          made.add(parent);
        }
        if (bytes) writeFileSync(target, bytes);
        else linkSync(file, target);
      }
    });
    return { seconds, count: files.length };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((file) => statSync(file).isFile())
    .sort();
}

function timed(work: () => void): number {
  const from = performance.now();
  work();
  return (performance.now() - from) / 1000;
}
