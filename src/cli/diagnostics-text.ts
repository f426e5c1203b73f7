// Formatting diagnostics for people and for tools. Only the CLI calls this.
import type { Diagnostic } from '../contracts/diagnostics.ts';

/** `file:line:column  field.path  message; hint`, one line per problem. */
export function formatDiagnostic(d: Diagnostic, colour = false): string {
  const where = printable(d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file);
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const label = d.severity === 'warning' ? paint('33', 'warning') + ' ' : '';
  const path = d.path ? `  ${paint('36', printable(d.path))}` : '';
  const hint = d.hint ? paint('2', `; ${printable(d.hint)}`) : '';
  return `${paint('1', where)}${path}  ${label}${printable(d.message)}${hint}`;
}

/**
 * Characters a terminal acts on rather than shows: line breaks (a file named `a<newline>b.yaml`
 * would print a second, made-up problem line), escape sequences (which recolour or retitle the
 * terminal), and the marks that reorder a line. File names and quoted content reach messages as
 * they are; here they are written as escapes, so one problem is always one visible line.
 */
const ACTS_ON_TERMINAL = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every character that acts on a terminal written as an escape (`\n`, `\u001B`). */
export function printable(text: string): string {
  return text.replace(ACTS_ON_TERMINAL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

export function formatDiagnostics(list: readonly Diagnostic[], colour = false): string {
  return list.map((d) => formatDiagnostic(d, colour)).join('\n');
}

/** The `--format json` shape: stable, documented fields only. */
export function diagnosticsJson(list: readonly Diagnostic[]): string {
  return JSON.stringify(
    {
      errors: list.filter((d) => d.severity === 'error').length,
      warnings: list.filter((d) => d.severity === 'warning').length,
      diagnostics: list.map(({ file, line, column, path, severity, code, message, hint }) => ({
        file,
        line,
        column,
        path,
        severity,
        code,
        message,
        ...(hint ? { hint } : {}),
      })),
    },
    null,
    2,
  );
}

/** `Built 7 pages, 212.4 kB in 318 ms → dist` */
export function summaryLine(stats: { pages: number; bytes: number; milliseconds: number }, out: string): string {
  return `Built ${stats.pages} page${stats.pages === 1 ? '' : 's'}, ${formatBytes(stats.bytes)} in ${stats.milliseconds} ms → ${out}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** `2 errors, 1 warning in 2 files`; `No problems found` when the list is empty. */
export function problemCount(list: readonly Diagnostic[]): string {
  if (list.length === 0) return 'No problems found';
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  const files = new Set(list.map((d) => d.file)).size;
  const parts = [...(errors ? [plural(errors, 'error')] : []), ...(warnings ? [plural(warnings, 'warning')] : [])];
  return `${parts.join(', ')} in ${plural(files, 'file')}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
