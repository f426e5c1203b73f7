// The lines around a problem, as an editor sees them in the browser overlay:
// a few lines before and after, numbered, the line itself marked and a caret
// under the column. Pure: text in, rows out; the overlay draws them.

export interface FrameRow {
  /** 1-based line number. */
  line: number;
  text: string;
  /** The line the problem is on. */
  marked: boolean;
}

export interface CodeFrame {
  rows: FrameRow[];
  /** 1-based column of the caret on the marked line; 0 for none. */
  column: number;
}

/** Tabs shown as two spaces would hide the very tab a message is about, so they are shown as an arrow. */
const TAB = '→ ';
/** A frame is for finding the place, not for reading a minified line whole. */
const MAX_WIDTH = 160;

/** The frame around `line` (1-based) of `text`; null when the line is not in the text. */
export function codeFrame(text: string, line: number, column: number, around = 2): CodeFrame | null {
  const lines = text.split(/\r\n|\r|\n/);
  if (line < 1 || line > lines.length) return null;
  const first = Math.max(1, line - around);
  const last = Math.min(lines.length, line + around);
  // The caret counts the characters the marked line shows before the column, tabs drawn wider.
  const caret = column > 0 ? visible(lines[line - 1]!.slice(0, column - 1)).length + 1 : 0;
  // A long line (a paragraph of Markdown is one line) is shown from a little before the column, so
  // the place is always in sight; the rows around it are cut at the same place, so they line up.
  const from = caret > MAX_WIDTH - CONTEXT ? caret - CONTEXT : 0;
  const rows: FrameRow[] = [];
  for (let n = first; n <= last; n++) rows.push({ line: n, text: windowed(visible(lines[n - 1]!), from), marked: n === line });
  return { rows, column: caret === 0 ? 0 : caret - from + (from > 0 ? ELLIPSIS.length : 0) };
}

/** Characters shown before the column when a line is cut to keep it in sight. */
const CONTEXT = 60;
const ELLIPSIS = '…';

function visible(text: string): string {
  return text.replace(/\t/g, TAB);
}

/** At most MAX_WIDTH characters of `text` from `from`, an ellipsis where it is cut. */
function windowed(text: string, from: number): string {
  const start = from > 0 ? ELLIPSIS + text.slice(from) : text;
  return start.length > MAX_WIDTH ? start.slice(0, MAX_WIDTH - 1) + ELLIPSIS : start;
}
