// What every gate hands back to the report: a verdict, the figures behind it,
// and each failure as one line that names the page and the rule, so a reader
// of reports/quality.md can go straight to the fix.

export interface GateResult {
  /** Short id used on the command line (`--only links`), e.g. `html`. */
  id: GateId;
  /** Section heading in the report, e.g. `HTML (W3C Nu checker)`. */
  title: string;
  pass: boolean;
  /** One line of figures for the summary table and the console. */
  headline: string;
  /** Each failure: `page  rule  message`. Empty when the gate passes. */
  failures: string[];
  /** Markdown of the section's figures (tables), without the heading. */
  body: string;
  /** What the gate allowed, skipped or could not check, with the reason. */
  notes: string[];
  /** Wall time of the gate, ms. */
  ms?: number;
}

export const GATE_IDS = ['html', 'accessibility', 'links', 'lighthouse', 'budgets', 'headers', 'structured-data', 'console'] as const;
export type GateId = (typeof GATE_IDS)[number];

/** A gate that could not run at all (its tool is missing, the site did not build): a failure that says why. */
export function cannotRun(id: GateId, title: string, reason: string): GateResult {
  return { id, title, pass: false, headline: `could not run: ${reason}`, failures: [reason], body: '', notes: [] };
}
