// Number and Markdown formatting for the report text (reports/quality.md and the console summary). Pure.

/** `12345` → `12,345`. */
export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Bytes as `12,345 B`. */
export function bytes(n: number): string {
  return `${int(n)} B`;
}

/** Milliseconds as `1,234 ms`. */
export function ms(n: number): string {
  return `${int(n)} ms`;
}

/** Seconds with one decimal, for durations: `12.3 s`. */
export function seconds(msValue: number): string {
  return `${(msValue / 1000).toFixed(1)} s`;
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}

/** A Markdown table; cells are escaped so a `|` in a message cannot break the row. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => String(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`| ${header.map(cell).join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)];
  return lines.join('\n');
}

/** A bullet list, or `none` in italics when empty. */
export function bullets(items: string[], empty = '_none_'): string {
  return items.length === 0 ? empty : items.map((item) => `- ${item}`).join('\n');
}

/** Text that may contain Markdown characters, shown as code. */
export function code(text: string): string {
  const clean = text.replace(/\r?\n/g, ' ');
  const fence = clean.includes('`') ? '``' : '`';
  return `${fence}${clean}${fence}`;
}

/** Shortens long text for a table cell. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
