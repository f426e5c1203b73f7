// The pipeline, in order. This is the only place that knows the order.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { importTypeScript } from './load/typescript-module.ts';
import { ContentError, diagnostic, hasErrors, sortDiagnostics, type Diagnostic } from './contracts/diagnostics.ts';
import { load, parseCacheFile, readParseCache } from './load/load.ts';
import { createParseCache } from './validate/parse-cache.ts';
import { compileValidators, validate, type Validators } from './validate/validate.ts';
import { render, type RenderedPage } from './render/render.ts';
import { canonicalUrl } from './url.ts';
import { bundle, esbuildDiagnostics } from './bundle/bundle.ts';
import { checkData, checkRendered } from './rules/index.ts';
import { extras, outputFiles } from './extras/index.ts';
import { refreshFiles, writeOutput, writeParseCache, type OutputEntry } from './write/write.ts';
import { editorSchemas } from './validate/editor-schemas.ts';
import { outputFolderProblem } from './write/output-folder.ts';
import type { Theme } from './contracts/theme.ts';

export interface BuildOptions {
  /** The project folder holding site.yaml, pages/, templates/ and static/. Default: the current folder. */
  root?: string;
  /** The output folder. Default: `<root>/dist`. */
  out?: string;
  /** Overrides site.yaml's baseUrl. */
  baseUrl?: string;
  /** `false` returns the files without touching the disk (for `check` and tests). Default: true. */
  write?: boolean;
  /** Refresh `schemas/*.json` for editors (even when the content has problems) when writing. Default: true. */
  editorSchemas?: boolean;
}

export interface BuildResult {
  /** Every file of the output, sorted by path. */
  files: OutputEntry[];
  pages: RenderedPage[];
  /** Warnings; errors are thrown as a ContentError. */
  diagnostics: Diagnostic[];
  stats: {
    pages: number;
    bytes: number;
    milliseconds: number;
    /** Milliseconds per stage: theme, load, validate, rules, bundle, render, extras, write. */
    stages: Record<string, number>;
    /** Raw bytes of each client script entry. */
    scripts: Record<string, number>;
  };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const clock = stageClock();
  const root = resolve(options.root ?? '.');
  const outProblem = options.write === false ? undefined : outputFolderProblem(root, options.out ?? 'dist');
  if (outProblem) fail([outProblem]);
  const theme = await clock.time('theme', () => loadTheme(root));
  // Editors need the current schemas most when their content does not validate yet.
  if (options.write !== false && options.editorSchemas !== false) await refreshFiles(root, editorSchemas(theme));

  // esbuild works in its own process: let it bundle while this one validates.
  const bundling = clock.time('bundle', () => bundle(root, theme));
  const [content, cached] = await clock.time('load', () => Promise.all([load(root), readParseCache(root)]));
  const cache = createParseCache(cached);
  const validated = await clock.time('validate', () => validate(content, theme, validatorsFor(theme), { baseUrl: options.baseUrl, cache }));
  const cacheChanges = cache.changes();
  if (cacheChanges) await writeParseCache(root, parseCacheFile(root), cacheChanges);
  const { model } = validated;
  const found = [...validated.diagnostics, ...(await clock.time('rules', () => checkData(model, validated.claimedRoutes)))];
  const bundled = await bundling;
  found.push(...bundled.diagnostics);
  // Pages render even when other files have problems, so one run reports everything; only
  // a broken site.yaml or broken client code leaves nothing sensible to render.
  if (found.some((d) => d.severity === 'error' && ((d.file === 'site.yaml' && SHAPE_CODES.has(d.code)) || d.code === 'bundle'))) fail(found);
  const rendered = await clock.time('render', () => render(model, theme, bundled.assets));
  found.push(...rendered.diagnostics);
  const extraFiles = await clock.time('extras', () => extras(model, rendered.pages, theme.securityPolicy?.(model.site) ?? {}));
  const generated = [...bundled.files, ...extraFiles];
  found.push(...(await clock.time('rules', () => checkRendered(model, rendered.pages, { generated: generated.map((f) => f.path), claimedRoutes: validated.claimedRoutes, found }))));
  fail(found);
  const output = outputFiles({ pages: rendered.pages, assets: bundled.files, statics: model.statics, generated: extraFiles });

  if (options.write !== false) await clock.time('write', () => writeOutput(resolve(root, options.out ?? 'dist'), output));
  const bytes = output.reduce((sum, f) => sum + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength), 0);
  return {
    files: output,
    pages: rendered.pages,
    diagnostics: sortDiagnostics(found),
    stats: { pages: rendered.pages.length, bytes, milliseconds: clock.total(), stages: clock.stages, scripts: bundled.sizes },
  };
}

/** Milliseconds spent per stage (stages that overlap, like bundle, are timed on their own). */
function stageClock() {
  const started = performance.now();
  const stages: Record<string, number> = {};
  return {
    stages,
    async time<T>(name: string, run: () => T | Promise<T>): Promise<T> {
      const from = performance.now();
      try {
        return await run();
      } finally {
        stages[name] = Math.round((stages[name] ?? 0) + performance.now() - from);
      }
    },
    total: () => Math.round(performance.now() - started),
  };
}

/** `site check`: everything a build does but writing, so a passing check means a passing build. */
export async function check(options: Omit<BuildOptions, 'write' | 'out'> = {}): Promise<Diagnostic[]> {
  try {
    return (await build({ ...options, write: false })).diagnostics;
  } catch (error) {
    if (error instanceof ContentError) return error.diagnostics;
    throw error;
  }
}

/** Problems that leave site.yaml without a usable value; a broken link in it still renders. */
const SHAPE_CODES = new Set(['yaml-syntax', 'schema', 'missing-file', 'base-url', 'site-rule']);

function fail(diagnostics: Diagnostic[]): void {
  if (hasErrors(diagnostics)) throw new ContentError(sortDiagnostics(diagnostics));
}

/** The theme is `templates/index.ts` (or `.tsx`), whose default export is a Theme. */
export async function loadTheme(projectRoot: string): Promise<Theme> {
  const root = resolve(projectRoot);
  const file = ['templates/index.ts', 'templates/index.tsx'].map((f) => resolve(root, f)).find((f) => existsSync(f));
  if (!file) throw new ContentError([diagnostic({ file: 'templates/index.ts', code: 'missing-file', message: 'the theme is missing', hint: 'templates/index.ts must export a default Theme (see src/theme.ts)' })]);
  try {
    const module = await importTypeScript<{ default?: Theme }>(root, file);
    return module.default!;
  } catch (error) {
    // A template that does not compile is a located mistake, not a crash of the engine.
    const located = esbuildDiagnostics(error);
    if (located) throw new ContentError(located);
    throw error;
  }
}

// Compiling schemas is the slowest step of a check; a theme object is compiled once per process.
const compiled = new WeakMap<Theme, Validators>();
function validatorsFor(theme: Theme): Validators {
  let validators = compiled.get(theme);
  if (!validators) compiled.set(theme, (validators = compileValidators(theme)));
  return validators;
}

export { canonicalUrl };
