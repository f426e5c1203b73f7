// The shape of the code, held by tests: which room may import which, no import
// cycle anywhere, no function in the engine longer than a screen unless it is on
// a list that can only shrink, and docs that name only files that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Every .ts/.tsx file below `dir`, project-relative with forward slashes. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Every specifier a source imports from, as written. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g)].map((m) => m[2]!);
}

const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };

/** The project file an import of the package by its own name reaches, through its `exports`; undefined for another package. */
function ownEntry(specifier: string): string | undefined {
  if (specifier !== PACKAGE.name && !specifier.startsWith(`${PACKAGE.name}/`)) return undefined;
  const subpath = `.${specifier.slice(PACKAGE.name.length)}`;
  for (const [key, target] of Object.entries(PACKAGE.exports)) {
    if (key === subpath) return target.slice(2);
    const star = key.indexOf('*');
    if (star >= 0 && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))) {
      return target.replace('*', subpath.slice(star, subpath.length - (key.length - star - 1))).slice(2);
    }
  }
  throw new Error(`${specifier} is no entry of package.json's exports`);
}

/** The project files a source imports: by a relative path, or by the package's own name (packages are not the project's rooms). */
function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((s) => {
    if (/^\.{1,2}\//.test(s))
      return [
        relative(root, resolve(root, dirname(file), s))
          .split('\\')
          .join('/'),
      ];
    const entry = ownEntry(s);
    return entry === undefined ? [] : [entry];
  });
}

describe('rooms', () => {
  it('nothing under src/ but the CLI and the dev server (which is the preview server plus a builder) imports the preview server', () => {
    const offenders = sources('src')
      .filter((file) => !file.startsWith('src/cli/') && !file.startsWith('src/serve/') && !file.startsWith('src/dev/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('src/serve/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no server-rendered template imports a browser module from templates/client/', () => {
    const offenders = sources('templates')
      .filter((file) => !file.startsWith('templates/client/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('templates/client/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the contracts are the bottom layer: src/contracts/ imports nothing of the engine but itself', () => {
    const offenders = sources('src/contracts').flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith('src/contracts/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('bin/ launches the engine and nothing imports bin/', () => {
    const offenders = [...sources('src'), ...sources('templates'), ...sources('tools'), ...sources('tests')].flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('bin/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("outside src/, the engine is imported by the package's name (its exports), never by a path into src/", () => {
    const scripts = (dir: string) =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(?:tsx?|m?js)$/.test(entry.name))
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
    const files = ['templates', 'tools', 'tests', 'bin'].flatMap(scripts);
    const offenders = files.flatMap((file) =>
      specifiersOf(file)
        .filter(
          (s) =>
            /^\.{1,2}\//.test(s) &&
            relative(root, resolve(root, dirname(file), s))
              .split('\\')
              .join('/')
              .startsWith('src/'),
        )
        .map((s) => `${file} → ${s}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it('templates import the engine through its theme entry only (trn-site/theme), never its build API or its insides', () => {
    const offenders = sources('templates').flatMap((file) =>
      specifiersOf(file)
        .filter((s) => ownEntry(s) !== undefined && s !== `${PACKAGE.name}/theme`)
        .map((s) => `${file} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the engine names no template module', () => {
    const offenders = sources('src').flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('templates/'))
        .map((target) => `${file} → ${target}`),
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
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual(['a → b → c → a']);
  });
});

/** The longest a function of the engine may be, in lines from its first to its last. */
const MAX_FUNCTION_LINES = 60;

/**
 * The functions over MAX_FUNCTION_LINES that remain, as `file name` and their length now, which they
 * may not exceed. The list only shrinks: a function split below the limit, or shortened, must leave
 * it or lower its number, and nothing joins it.
 */
const LONG_FUNCTIONS: Record<string, number> = {
  // None remain: the last (validate, parseYamlNow, shareCards, render, buildWith) were split by what their parts do.
};

interface FunctionSize {
  file: string;
  /** Its own name, the name it is assigned to, or `<callback in …>` after the function around it. */
  name: string;
  line: number;
  lines: number;
}

/** Every function, method, arrow function and function expression with a body in `text`, with its length. */
function functionSizes(file: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const sizes: FunctionSize[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node, around: string | null) => {
    let name = around;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      name = functionName(node, source) ?? `<callback in ${around ?? 'module'}>`;
      const line = lineOf(node.getStart(source));
      sizes.push({ file, name, line, lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(source, null);
  return sizes;
}

/** A function's own name, or that of the variable or property it is assigned to. */
function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string | null {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  return null;
}

/** What breaks the rule: a function over the limit that is not listed, or longer than listed; a listed one that shrank. */
function lengthProblems(sizes: readonly FunctionSize[], allowed: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  for (const size of sizes.filter((s) => s.lines > MAX_FUNCTION_LINES)) {
    const most = allowed[`${size.file} ${size.name}`];
    const where = `${size.file}:${size.line}  ${size.name}  ${size.lines} lines`;
    if (most === undefined) problems.push(`${where}, over ${MAX_FUNCTION_LINES}: split it by what its parts do`);
    else if (size.lines > most) problems.push(`${where}, over the ${most} it is allowed: split it by what its parts do`);
  }
  for (const [key, most] of Object.entries(allowed)) {
    const longest = Math.max(0, ...sizes.filter((s) => `${s.file} ${s.name}` === key).map((s) => s.lines));
    if (longest <= MAX_FUNCTION_LINES) problems.push(`${key} is ${longest ? `${longest} lines now` : 'gone'}: take it off LONG_FUNCTIONS`);
    else if (longest < most) problems.push(`${key} is ${longest} lines now: lower its number in LONG_FUNCTIONS to ${longest}`);
  }
  return problems;
}

describe('function length', () => {
  it('keeps the pipeline on one screen or so: src/build.ts is at most 150 lines', () => {
    const lines = readFileSync(join(root, 'src/build.ts'), 'utf8').split('\n').length;
    console.log(`src/build.ts: ${lines} lines`);
    expect(lines).toBeLessThanOrEqual(150);
  });

  it(`keeps every function of src/ to ${MAX_FUNCTION_LINES} lines, but the listed ones, which may not grow`, () => {
    const sizes = sources('src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) => functionSizes(file, readFileSync(join(root, file), 'utf8')));
    const longest = [...sizes].sort((a, b) => b.lines - a.lines).slice(0, 8);
    console.log(
      `functions in src/: ${sizes.length}, ${sizes.filter((s) => s.lines > MAX_FUNCTION_LINES).length} over ${MAX_FUNCTION_LINES} lines; longest: ${longest.map((s) => `${s.file} ${s.name} ${s.lines}`).join(', ')}`,
    );
    expect(lengthProblems(sizes, LONG_FUNCTIONS)).toEqual([]);
  });

  it('the length check measures every kind of function, and names one too long', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function declared() {\n${body(61)}\n}`,
      `const arrow = () => {\n${body(3)}\n};`,
      `class Shape { method() {\n${body(61)}\n} }`,
      `run(function () {\n${body(62)}\n});`,
    ].join('\n');
    const sizes = functionSizes('src/x.ts', text);
    expect(sizes.map((s) => [s.name, s.line, s.lines])).toEqual([
      ['declared', 1, 61],
      ['arrow', 62, 3],
      ['method', 65, 61],
      ['<callback in module>', 126, 62],
    ]);
    expect(lengthProblems(sizes, { 'src/x.ts method': 61, 'src/x.ts gone': 70 })).toEqual([
      'src/x.ts:1  declared  61 lines, over 60: split it by what its parts do',
      'src/x.ts:126  <callback in module>  62 lines, over 60: split it by what its parts do',
      'src/x.ts gone is gone: take it off LONG_FUNCTIONS',
    ]);
    expect(lengthProblems(sizes, { 'src/x.ts declared': 60, 'src/x.ts method': 70, 'src/x.ts <callback in module>': 62 })).toEqual([
      'src/x.ts:1  declared  61 lines, over the 60 it is allowed: split it by what its parts do',
      'src/x.ts method is 61 lines now: lower its number in LONG_FUNCTIONS to 61',
    ]);
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
