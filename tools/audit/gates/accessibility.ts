// Accessibility gate: axe-core's WCAG 2.0/2.1/2.2 A and AA rules, run by the
// browser pass on every page at 375 px and 1280 px, with the mobile menu open
// and with the FAQ expanded. Zero violations, in every state reached; a state
// that should exist but could not be reached (no menu toggle) is a failure too.

import { AXE_TAGS, browserVisits, type Visit } from '../browser.ts';
import type { Gate } from '../context.ts';
import { bullets, clip, code, int, table } from '../report-text.ts';
import { gateResult, type GateResult } from '../result.ts';

export const accessibilityGate: Gate = {
  id: 'accessibility',
  title: 'Accessibility (axe-core)',
  async run(context) {
    return judgeAccessibility(await browserVisits(context), context.versionOf('axe-core'));
  },
};

export function judgeAccessibility(visits: Visit[], axeVersion: string): GateResult {
  const failures: string[] = [];
  const rows: (string | number)[][] = [];
  const byRule = new Map<string, { help: string; pages: Set<string>; nodes: number }>();
  let runs = 0;
  let incomplete = 0;

  for (const v of visits) {
    const where = `${v.page.route} @${v.width}`;
    if (v.error) failures.push(`${where}  visit failed: ${v.error}`);
    for (const run of v.axe) {
      if (run.unreachable) {
        failures.push(`${where} ${run.state}  state not reached: ${run.unreachable}`);
        continue;
      }
      runs++;
      incomplete += run.incomplete;
      for (const violation of run.violations) {
        const first = violation.nodes[0];
        failures.push(
          `${where} ${run.state}  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}; ${violation.nodes.length} element(s), first ${code(first?.target ?? '?')} ${first ? clip(first.summary, 200) : ''}`,
        );
        const rule = byRule.get(violation.id) ?? { help: violation.help, pages: new Set(), nodes: 0 };
        rule.pages.add(v.page.route);
        rule.nodes += violation.nodes.length;
        byRule.set(violation.id, rule);
      }
    }
    rows.push([
      v.page.route,
      v.width,
      v.axe.map((r) => `${r.state}: ${r.unreachable ? 'not reached' : r.violations.length}`).join('; ') || (v.error ? 'failed' : '—'),
    ]);
  }

  const body = [
    `axe-core ${axeVersion}, tags ${AXE_TAGS.join(', ')}; ${int(runs)} runs; ${int(incomplete)} "needs review" results (not failures: axe cannot decide them).`,
    '',
    byRule.size > 0
      ? table(
          ['rule', 'what', 'pages', 'elements'],
          [...byRule].map(([id, r]) => [id, r.help, [...r.pages].join(' '), r.nodes]),
        )
      : '_No violations._',
    '',
    table(['page', 'width', 'violations per state'], rows),
    '',
    '**Violations:**',
    '',
    bullets(failures),
  ].join('\n');

  return gateResult(accessibilityGate, {
    pass: failures.length === 0 && runs > 0,
    headline: `${int(failures.length)} violations in ${int(runs)} axe runs (${int(visits.length / 2)} pages × 375/1280 px, menu open, FAQ expanded)`,
    failures,
    body,
    notes: [
      'States: as loaded at 375 and 1280 px; menu open at 375 px (a click on the header toggle); FAQ expanded at 1280 px ("Show all FAQs" clicked, every <details> outside the navigation opened). Pages without a FAQ have no FAQ state.',
      'Transitions are off (prefers-reduced-motion: reduce) so colours are read at rest.',
    ],
  });
}
