// The floor under a build, for `npm run bench`: the time the parts no design of
// this engine can skip take on this machine, each measured alone on one thread.
// Starting Node and loading the engine; reading every YAML text with js-yaml
// (the fastest reader it has, with nothing else done); rendering every page with
// React (the render stage of a one-thread check, which also finds each page's
// links for the rules); and writing every file of the output into a new folder.
// However a build overlaps them, it cannot finish sooner than the engine's start
// plus the rest shared perfectly over every core, so a target below that is out
// of this machine's reach, whatever the engine does around them.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { build } from '../../src/build.ts';
import { splitFrontMatter } from '../../src/validate/yaml.ts';
import { runSite } from './site-run.ts';

const run = promisify(execFile);

export interface Floor {
  /** Seconds: `node bin/site.js --version`, the median of a few. */
  start: number;
  /** Seconds to read every YAML text with js-yaml alone, warm. */
  parse: number;
  /** Seconds of the render stage of a check on one thread (React, and each page's links found for the rules). */
  render: number;
  /** Seconds to write every file of the built output into a new folder, in turn. */
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
  const { stdout } = await run(process.execPath, [join(root, 'tools/run.js'), join(root, 'tools/bench/floor.ts'), root], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as Floor;
}

/** `node tools/run.js tools/bench/floor.ts <root>`: prints the floor of `root` as JSON. */
export async function main(args: string[]): Promise<number> {
  if (process.env.NODE_ENV !== 'production') {
    console.error('the floor is measured with React\'s production build: run with NODE_ENV=production');
    return 2;
  }
  console.log(JSON.stringify(await floorHere(args[0] ?? '.')));
  return 0;
}

async function floorHere(root: string): Promise<Floor> {
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) starts.push((await runSite(root, ['--version'])).seconds);
  const texts = yamlTexts(root);
  // Once to warm the reader up, once timed: the floor is the reader at its fastest.
  parseAll(texts);
  const parse = timed(() => parseAll(texts));
  const checked = await build({ root, write: false, stream: true, threads: 1 });
  const { seconds: write, count } = writeAll(join(root, 'dist'));
  return {
    start: middle(starts),
    parse,
    render: (checked.stats.stages.render ?? 0) / 1000,
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

/** site.yaml, every page file and each post's front matter: what a build parses. */
function yamlTexts(root: string): string[] {
  const texts = [readFileSync(join(root, 'site.yaml'), 'utf8')];
  for (const file of filesUnder(join(root, 'pages'))) {
    if (/\.ya?ml$/.test(file)) texts.push(readFileSync(file, 'utf8'));
    else if (file.endsWith('.md')) {
      const front = splitFrontMatter(readFileSync(file, 'utf8'))?.front;
      if (front !== undefined) texts.push(front);
    }
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

/** Writes every file under `dist` into a new folder beside it, from this thread in turn, as a build's writer does. */
function writeAll(dist: string): { seconds: number; count: number } {
  const files = filesUnder(dist).map((file) => ({ path: file.slice(dist.length + 1), bytes: readFileSync(file) }));
  const folder = `${dist}-floor`;
  rmSync(folder, { recursive: true, force: true });
  try {
    const made = new Set<string>();
    const seconds = timed(() => {
      for (const { path, bytes } of files) {
        const target = join(folder, path);
        const parent = dirname(target);
        if (!made.has(parent)) {
          mkdirSync(parent, { recursive: true });
          made.add(parent);
        }
        writeFileSync(target, bytes);
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

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
