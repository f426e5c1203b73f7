// reports/quality.md from the gates' results. Pure.

import { seconds, table, verdict } from './report-text.ts';
import type { GateResult } from './result.ts';

export interface ReportMeta {
  date: string;
  /** e.g. `d252b79 (+3 files changed)`. */
  revision: string;
  /** Tool versions, e.g. `{ node: '20.19.0', chromium: '…' }`. */
  versions: Record<string, string>;
  totalMs: number;
  /** How the build went: its summary line. */
  build: string;
  pages: number;
  /** Gates not run because of --only / --skip. */
  skipped: string[];
}

export function renderReport(results: readonly GateResult[], meta: ReportMeta): string {
  const pass = results.every((r) => r.pass);
  const lines = [
    '# Quality report',
    '',
    `**${pass ? 'PASS' : 'FAIL'}**: ${results.filter((r) => r.pass).length} of ${results.length} gates pass.`,
    '',
    `- Date: ${meta.date}`,
    `- Revision: ${meta.revision}`,
    `- Build: ${meta.build}`,
    `- Pages audited: ${meta.pages}`,
    `- Total time: ${seconds(meta.totalMs)}`,
    `- Tools: ${Object.entries(meta.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...(meta.skipped.length ? [`- Not run (by request): ${meta.skipped.join(', ')}`] : []),
    '',
    table(
      ['gate', 'result', 'figures', 'time'],
      results.map((r) => [r.title, verdict(r.pass), r.headline, r.ms === undefined ? '' : seconds(r.ms)]),
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.title}: ${verdict(r.pass)}`, '', r.headline, '');
    if (r.notes.length) lines.push(...r.notes.map((n) => `> ${n}`), '');
    if (r.body) lines.push(r.body, '');
  }
  return lines.join('\n');
}

/** The console summary: one line per gate, then the first failures of each failing gate. */
export function renderSummary(results: readonly GateResult[], reportPath: string, totalMs: number, perGate = 5): string {
  const lines = results.map((r) => `${verdict(r.pass)}  ${r.title.padEnd(30)} ${r.headline}`);
  for (const r of results.filter((x) => !x.pass)) {
    lines.push('', `${r.title}:`);
    lines.push(...r.failures.slice(0, perGate).map((f) => `  ${f}`));
    if (r.failures.length > perGate) lines.push(`  … and ${r.failures.length - perGate} more in ${reportPath}`);
  }
  const pass = results.every((r) => r.pass);
  lines.push(
    '',
    `${pass ? 'All gates pass' : `${results.filter((r) => !r.pass).length} of ${results.length} gates fail`}; report: ${reportPath}; ${seconds(totalMs)}.`,
  );
  // The plain closing line CI reads: N passed, N failed.
  lines.push(`gates: ${results.filter((r) => r.pass).length} passed, ${results.filter((r) => !r.pass).length} failed`);
  return lines.join('\n');
}
