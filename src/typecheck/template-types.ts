// The type check of the templates, for `site check`: TypeScript's errors in
// the theme's own files as diagnostics at their file, line and column. A cold
// check takes seconds, so its result is kept in the project's cache folder
// with the fingerprint of every project file the compiler read, tsconfig.json,
// the package files and the compiler's version; while none has changed, the
// compiler is not even loaded.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { cacheFolder, keepWhole } from '../node-module.js';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { TEMPLATES_DIR, THEME_ENTRIES } from '../contracts/project.ts';
import { fingerprints, unchanged } from '../load/fingerprint.ts';
import { findCompiler, type Compiler } from './compiler.ts';
import { checkThemeProgram, TSCONFIG_FILE, type TypeProblem } from './theme-program.ts';

/** Bumped when what is cached, or which files are reported, changes meaning. */
const CACHE_FORMAT = 1;
const CACHE_FILE = 'template-types.json';

/**
 * Files that decide the result besides those the compiler read: the compiler
 * options, the package files (`type` decides how modules resolve; the lock
 * file changes when type packages such as @types/react do), and the names of
 * the files in the theme's folder, so that creating a file an import could not
 * find is a change.
 */
const SETTINGS = [TSCONFIG_FILE, 'package.json', 'package-lock.json', `${TEMPLATES_DIR}/`];

interface CachedCheck {
  format: number;
  /** The compiler's version. */
  typescript: string;
  inputs: Record<string, string>;
  problems: TypeProblem[];
}

export interface TemplateTypesOptions {
  /** The compiler to use; `null` as if none were installed. Default: the installed `typescript`. */
  compiler?: Compiler | null;
}

export interface TemplateTypesResult {
  diagnostics: Diagnostic[];
  /** Whether the result came from the cache, the compiler skipped. */
  cached: boolean;
}

/**
 * Type-checks the theme (its entry and every script under templates/, the client scripts included), with the project's tsconfig.json.
 * Without `typescript` installed it warns, saying how to install it.
 */
export async function templateTypes(projectRoot: string, options: TemplateTypesOptions = {}): Promise<TemplateTypesResult> {
  const root = resolve(projectRoot);
  const entry = THEME_ENTRIES.find((file) => existsSync(join(root, file)));
  // No theme is the theme loader's to report.
  if (!entry) return { diagnostics: [], cached: false };
  const compiler = options.compiler === undefined ? findCompiler() : options.compiler;
  if (!compiler) return { diagnostics: [diagnostic('typescript-missing', { file: 'package.json' })], cached: false };

  const cacheFile = join(cacheFolder(root), CACHE_FILE);
  const cached = await readCache(cacheFile);
  if (cached && cached.format === CACHE_FORMAT && cached.typescript === compiler.version && unchanged(root, cached.inputs)) {
    return { diagnostics: cached.problems.map(typeDiagnostic), cached: true };
  }
  // Every script of the theme, not only what the entry imports: the client scripts are bundled on
  // their own (for the browser), and a mistake in one is as much the theme's as one in a template.
  const { problems, read } = checkThemeProgram(await compiler.load(), root, [entry, ...themeScripts(root)]);
  const fresh: CachedCheck = { format: CACHE_FORMAT, typescript: compiler.version, inputs: fingerprints(root, [...read, ...SETTINGS]), problems };
  await keepWhole(cacheFile, JSON.stringify(fresh));
  return { diagnostics: problems.map(typeDiagnostic), cached: false };
}

/** The TypeScript files under templates/ (not declarations), project-relative, sorted. */
function themeScripts(root: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      // Hidden files and folders are an editor's, as everywhere in the project.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  if (existsSync(join(root, TEMPLATES_DIR))) visit(TEMPLATES_DIR);
  return found.sort();
}

function typeDiagnostic(problem: TypeProblem): Diagnostic {
  return diagnostic('template-type', { file: problem.file, line: problem.line, column: problem.column }, { code: problem.code, text: problem.text });
}

async function readCache(file: string): Promise<CachedCheck | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CachedCheck;
  } catch {
    return null;
  }
}
