// One run of the TypeScript compiler over the theme: a program rooted at the
// theme's entry, with the project's compiler options, and the type errors in
// the theme's own files. esbuild, which compiles the theme, strips types
// without reading them, so a misspelt field (`page.yeer`) would otherwise
// render as empty text.
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { relativePath } from '../folders.ts';
import type TypeScript from 'typescript';
import { isThemeSource } from '../contracts/project.ts';
import type { TypeScriptApi } from './compiler.ts';

/** The project's compiler options; their errors are reported at this file. */
export const TSCONFIG_FILE = 'tsconfig.json';

/** A type error, located in a project file. */
export interface TypeProblem {
  /** Project-relative, with forward slashes. */
  file: string;
  /** 1-based; 0 when the problem belongs to the file as a whole. */
  line: number;
  column: number;
  /** TypeScript's code, e.g. 2339. */
  code: number;
  /** TypeScript's message, on one line. */
  text: string;
}

export interface ProgramResult {
  problems: TypeProblem[];
  /** Every project file the compiler read (outside node_modules, the engine's sources included), project-relative. */
  read: string[];
}

/**
 * Type-checks the theme from `entries` (project-relative). Only files for which
 * `isThemeSource` holds are checked: the engine's sources and installed
 * packages are read for their types but their errors are not the theme's.
 */
export function checkThemeProgram(ts: TypeScriptApi, projectRoot: string, entries: string | readonly string[]): ProgramResult {
  // The compiler names files by their real paths; so must the root they are made relative to.
  const root = realpathSync(projectRoot);
  const { options, declarations, problems } = compilerOptions(ts, root);
  // Without its options the compiler would only add errors of its defaults to the one that matters.
  if (!options) return { problems, read: [] };
  // The entry and what it imports; ambient declarations the project includes (say, for CSS imports) too.
  const program = ts.createProgram({ rootNames: [...[entries].flat().map((entry) => resolve(root, entry)), ...declarations], options });
  const read: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = projectPath(root, source.fileName);
    if (file === undefined || file.split('/').includes('node_modules')) continue;
    read.push(file);
    if (!isThemeSource(file)) continue;
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    problems.push(...found.filter((d) => d.category === ts.DiagnosticCategory.Error).map((d) => located(ts, root, d, file)));
  }
  problems.push(...program.getOptionsDiagnostics().map((d) => located(ts, root, d, TSCONFIG_FILE)));
  return { problems, read: read.sort() };
}

/**
 * The project's tsconfig.json options, made fit for checking one program: no
 * output, no build info. Without a tsconfig.json, options that read a theme
 * as esbuild bundles it.
 */
function compilerOptions(ts: TypeScriptApi, root: string): { options?: TypeScript.CompilerOptions; declarations: string[]; problems: TypeProblem[] } {
  const configFile = join(root, TSCONFIG_FILE);
  const fixed: TypeScript.CompilerOptions = { noEmit: true, incremental: false, composite: false, tsBuildInfoFile: undefined };
  if (!existsSync(configFile)) {
    return {
      options: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.ReactJSX,
        strict: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        resolveJsonModule: true,
        isolatedModules: true,
        ...fixed,
      },
      declarations: [],
      problems: [],
    };
  }
  // A file that is not JSON is one error; its options, once read, are checked where they are written.
  const syntax = ts.readConfigFile(configFile, ts.sys.readFile).error;
  if (syntax) return { declarations: [], problems: [located(ts, root, syntax, TSCONFIG_FILE)] };
  const json = ts.readJsonConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonSourceFileConfigFileContent(json, ts.sys, root, undefined, configFile);
  // "No inputs were found" concerns the project's own `include`, which this program does not use.
  const errors = parsed.errors.filter((d) => d.code !== 18003);
  return {
    options: { ...parsed.options, ...fixed },
    declarations: parsed.fileNames.filter((f) => f.endsWith('.d.ts')),
    problems: errors.map((d) => located(ts, root, d, TSCONFIG_FILE)),
  };
}

function located(ts: TypeScriptApi, root: string, d: TypeScript.Diagnostic, fallback: string): TypeProblem {
  const position = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
  // A message chain is indented lines of detail; one line reads better in a list of problems.
  const text = ts
    .flattenDiagnosticMessageText(d.messageText, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return {
    file: (d.file && projectPath(root, d.file.fileName)) ?? fallback,
    line: position ? position.line + 1 : 0,
    column: position ? position.character + 1 : 0,
    code: d.code,
    text: text.replace(/\.$/, ''),
  };
}

/** A path inside the project, relative and with forward slashes; `undefined` outside it. */
function projectPath(root: string, fileName: string): string | undefined {
  const path = relativePath(root, fileName);
  return path.startsWith('../') || path === '..' || /^([a-z]:)?\//i.test(path) ? undefined : path;
}
