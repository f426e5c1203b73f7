// Diagnostics are data. Every stage returns them; only the CLI formats them.
// Each one is made from an entry of the catalogue (catalogue.ts).
import { catalogue, type DiagnosticCode, type ParamsOf } from './catalogue.ts';
import { isPageFile } from './project.ts';

export type { DiagnosticCode } from './catalogue.ts';

/** One problem found in the content, located as precisely as the source allows. */
export interface Diagnostic {
  /** Project-relative path with forward slashes, e.g. `pages/services/wiring.yaml`; or the option at fault, e.g. `--out`. */
  file: string;
  /** 1-based line; 0 when the problem belongs to the file as a whole. */
  line: number;
  /** 1-based column; 0 when unknown. */
  column: number;
  /** Field path inside the document, e.g. `services[2].href`; empty for the document itself. */
  path: string;
  /** What is wrong, as one sentence without a trailing period. */
  message: string;
  /** What to do about it, where that is not obvious from the message. */
  hint?: string;
  /** Errors stop a build; warnings are printed and do not. */
  severity: 'error' | 'warning';
  /** The kind of problem, from the catalogue, e.g. `schema`, `yaml-syntax`, `broken-link`. */
  code: DiagnosticCode;
  /**
   * The value the problem is about, where one value can be reported from two
   * places (a link's href): a later stage compares subjects, never messages,
   * to leave out what was reported already. Also what ties a problem to
   * another file (a route a page serves, the template that threw), so
   * `site check <files>` reports it with that file. Not printed.
   */
  subject?: string;
}

/** Where a problem is: the file, and as much of line, column and field path as is known. */
export interface Where {
  file: string;
  line?: number;
  column?: number;
  path?: string;
  subject?: string;
}

/**
 * A diagnostic of kind `code` at `where`, its message and hint filled in from
 * the catalogue with `params`.
 */
export function diagnostic<C extends DiagnosticCode>(code: C, where: Where, ...params: ParamsOf<C> extends void ? [] : [ParamsOf<C>]): Diagnostic {
  const entry = catalogue[code] as { severity: Diagnostic['severity']; message: (p: unknown) => string; hint?: (p: unknown) => string | undefined };
  const values = params[0];
  const hint = entry.hint?.(values);
  return {
    file: where.file,
    line: where.line ?? 0,
    column: where.column ?? 0,
    path: where.path ?? '',
    message: entry.message(values),
    ...(hint ? { hint } : {}),
    severity: entry.severity,
    code,
    ...(where.subject !== undefined ? { subject: where.subject } : {}),
  };
}

/**
 * Whether a problem leaves nothing sensible to render: an error of a kind that
 * stops rendering, in an input every page reads. In one page's file, it only
 * keeps that page out.
 */
export function stopsRendering(d: Diagnostic): boolean {
  return d.severity === 'error' && catalogue[d.code].stops === 'render' && !isPageFile(d.file);
}

/** Sorted by file, then line and column, so output reads top to bottom. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.path, b.path) || compareText(a.message, b.message),
  );
}

/** Throws a ContentError with `diagnostics` when they hold an error: what stops a build. */
export function stopOnErrors(diagnostics: readonly Diagnostic[]): void {
  if (hasErrors(diagnostics)) throw new ContentError(sortDiagnostics(diagnostics));
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}

/** The one error type the library throws for bad input; the CLI prints its diagnostics without a stack. */
export class ContentError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.filter((d) => d.severity === 'error').length} problem(s) in the content`);
    this.name = 'ContentError';
  }
}

/** Texts in the order of their UTF-16 code units, the same on every machine (localeCompare is not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
