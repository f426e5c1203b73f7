// What the browser overlay shows for a build that failed: each problem with its
// place, its words and the lines around it. Pure: the caller reads the files.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { problemCount } from '../cli/diagnostics-text.ts';
import { codeFrame, type CodeFrame } from './code-frame.ts';

export interface OverlayProblem {
  file: string;
  line: number;
  column: number;
  severity: Diagnostic['severity'];
  code: string;
  message: string;
  hint?: string;
  /** The lines around the problem, when the file could be read and has that line. */
  frame: CodeFrame | null;
}

/** The data of one `problems` event. */
export interface OverlayReport {
  /** "2 errors, 1 warning in 2 files" */
  summary: string;
  problems: OverlayProblem[];
}

/** Errors first (they are why the page did not change), then warnings; `text(file)` is null for a file it cannot read. */
export function overlayReport(diagnostics: readonly Diagnostic[], text: (file: string) => string | null): OverlayReport {
  const ordered = [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity !== 'error')];
  return {
    summary: problemCount(diagnostics),
    problems: ordered.map((d) => {
      const source = d.line > 0 ? text(d.file) : null;
      return {
        file: d.file,
        line: d.line,
        column: d.column,
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(d.hint ? { hint: d.hint } : {}),
        frame: source === null ? null : codeFrame(source, d.line, d.column),
      };
    }),
  };
}

/** A failure that is not the content's: shown the same way, so the editor sees it without looking at the terminal. */
export function internalReport(error: unknown): OverlayReport {
  const message = error instanceof Error ? error.message : String(error);
  return {
    summary: 'The generator failed (a bug in the generator, not in your content)',
    problems: [
      {
        file: '(generator)',
        line: 0,
        column: 0,
        severity: 'error',
        code: 'internal',
        message,
        hint: 'the terminal shows the whole error; saving any file tries again',
        frame: null,
      },
    ],
  };
}
