// What every gate hands back to the report: a verdict, the figures behind it,
// and each failure as one line that names the page and the rule, so a reader
// of reports/quality.md can go straight to the fix. Every result is made by
// gateResult, the one place a result is put together.

export interface GateResult {
  /** The gate's id (see Gate in context.ts), e.g. `html`. */
  id: string;
  /** Section heading in the report, e.g. `HTML (W3C Nu HTML Checker)`. */
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

/** What a gate found: its result less the gate's own name and time. */
export type Findings = Omit<GateResult, 'id' | 'title' | 'ms'>;

/** The result of `gate` from what it found. */
export function gateResult(gate: { id: string; title: string }, findings: Findings): GateResult {
  const { pass, headline, failures, body, notes } = findings;
  return { id: gate.id, title: gate.title, pass, headline, failures, body, notes };
}

/** What a gate that could not run at all (its tool is missing, the site did not build) found: a failure that says why. */
export function couldNotRun(reason: string): Findings {
  return { pass: false, headline: `could not run: ${reason}`, failures: [reason], body: '', notes: [] };
}
