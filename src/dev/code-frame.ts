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
  const rows: FrameRow[] = [];
  for (let n = first; n <= last; n++) rows.push({ line: n, text: shown(lines[n - 1]!), marked: n === line });
  // The caret counts the characters the marked line shows before the column, tabs drawn wider.
  const before = lines[line - 1]!.slice(0, Math.max(0, column - 1));
  return { rows, column: column > 0 ? shown(before).length + 1 : 0 };
}

function shown(text: string): string {
  const visible = text.replace(/\t/g, TAB);
  return visible.length > MAX_WIDTH ? visible.slice(0, MAX_WIDTH - 1) + '…' : visible;
}
