// The shape of the code, held by tests: which room may import which, no import
// cycle anywhere, and docs that name only files that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Every .ts/.tsx file below `dir`, project-relative with forward slashes. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The project files a source imports (relative specifiers only; packages are not the project's rooms). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)].map((m) => m[2]!);
  return specifiers.map((s) => relative(root, resolve(root, dirname(file), s)).split('\\').join('/'));
}

describe('rooms', () => {
  it('nothing under src/ but the CLI and the dev server (which is the preview server plus a builder) imports the preview server', () => {
    const offenders = sources('src')
      .filter((file) => !file.startsWith('src/cli/') && !file.startsWith('src/serve/') && !file.startsWith('src/dev/'))
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('src/serve/')).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
  });

  it('no server-rendered template imports a browser module from templates/client/', () => {
    const offenders = sources('templates')
      .filter((file) => !file.startsWith('templates/client/'))
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('templates/client/')).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
  });

  it('the contracts are the bottom layer: src/contracts/ imports nothing of the engine but itself', () => {
    const offenders = sources('src/contracts').flatMap((file) =>
      importsOf(file).filter((target) => !target.startsWith('src/contracts/')).map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('bin/ launches the engine and nothing imports bin/', () => {
    const offenders = [...sources('src'), ...sources('templates'), ...sources('tools'), ...sources('tests')].flatMap((file) =>
      importsOf(file).filter((target) => target.startsWith('bin/')).map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the engine names no template module', () => {
    const offenders = sources('src').flatMap((file) =>
      importsOf(file).filter((target) => target.startsWith('templates/')).map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});

/** Every import cycle of a graph, each as the chain of modules that closes it. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

describe('imports', () => {
  it('make no cycle in the engine, the templates or the tools, type-only imports included', () => {
    const files = [...sources('src'), ...sources('templates'), ...sources('tools')];
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => /^(src|templates|tools)\//.test(target))]));
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    console.log(`import graph: ${graph.size} modules, ${edges} imports between them`);
    expect(findCycles(graph)).toEqual([]);
  });

  it('the cycle check finds a cycle when there is one', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual(['a → b → c → a']);
  });
});

describe('docs', () => {
  const docs = ['README.md', 'docs/architecture.md', 'docs/deploy.md'];

  it.each(docs)('%s exists and names only files of this repository', (doc) => {
    expect(existsSync(join(root, doc))).toBe(true);
    const text = readFileSync(join(root, doc), 'utf8');
    const linked = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
    // Paths written as code: `src/build.ts`, `templates/blocks/`; placeholders like <slug> are not files.
    const named = [...text.matchAll(/`((?:\.\/)?(?:src|templates|tests|tools|bin|pages|static|schemas|docs|\.ci)\/[^`\s*<>{}]*)`/g)].map((m) => m[1]!);
    const missing = [...linked.map((href) => resolve(root, dirname(doc), href)), ...named.map((path) => resolve(root, path))]
      .filter((path) => !existsSync(path))
      .map((path) => relative(root, path));
    expect(missing).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });
});
