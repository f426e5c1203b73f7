// The content report as text for a terminal.
import type { ContentReport } from './report.ts';
import type { TargetResult } from './targets.ts';

export function formatReport(report: ContentReport, results: readonly TargetResult[]): string {
  const lines: string[] = [];
  const row = (cells: (string | number)[], widths: number[]) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('  ');
  const widths = [12, 5, 6, 6, 6, 8, 8];
  lines.push(`Content report: ${report.pages.length} pages`, '');
  lines.push("Words of main content of its own (blocks shared by half a template's pages left out), and Flesch-Kincaid grade");
  lines.push(row(['template', 'pages', 'min', 'median', 'max', 'grade md', 'grade max'], widths));
  for (const t of report.templates) {
    lines.push(row([t.template, t.pages, t.minWords, Math.round(t.medianWords), t.maxWords, t.medianGrade.toFixed(1), t.maxGrade.toFixed(1)], widths));
  }
  lines.push('', 'Most similar pair per template (Jaccard similarity of 5-word shingles)');
  for (const t of report.templates) {
    if (t.mostSimilar) lines.push(`  ${t.template.padEnd(12)} ${t.mostSimilar.score.toFixed(3)}  ${t.mostSimilar.a} ~ ${t.mostSimilar.b}`);
  }
  lines.push('', 'Fewest words and hardest reading per template');
  for (const t of report.templates)
    lines.push(`  ${t.template.padEnd(12)} fewest ${t.minWords} (${t.minRoute}), hardest grade ${t.maxGrade.toFixed(1)} (${t.maxGradeRoute})`);
  if (results.length) {
    lines.push('', 'Targets');
    for (const r of results) lines.push(`  ${r.met ? 'met   ' : 'MISSED'}  ${r.target.description}: ${r.detail}`);
  }
  return lines.join('\n');
}
