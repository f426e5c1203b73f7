// Diagnostics are data. Every stage returns them; only the CLI formats them.

/** One problem found in the content, located as precisely as the source allows. */
export interface Diagnostic {
  /** Project-relative path with forward slashes, e.g. `pages/gta/vaughan.yaml`. */
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
  /** Stable kind, for tools and tests, e.g. `schema`, `yaml-syntax`, `broken-link`. */
  code: string;
}

export type DiagnosticInput = Omit<Diagnostic, 'severity' | 'line' | 'column' | 'path'> &
  Partial<Pick<Diagnostic, 'severity' | 'line' | 'column' | 'path'>>;

export function diagnostic(input: DiagnosticInput): Diagnostic {
  return { severity: 'error', line: 0, column: 0, path: '', ...input };
}

/** Sorted by file, then line and column, so output reads top to bottom. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.path, b.path) ||
      compareText(a.message, b.message),
  );
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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
