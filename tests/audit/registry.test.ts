// The gates as a registry: each module's gate names its results, and the
// report shows them in the registry's order with their verdicts.
import { describe, expect, it } from 'vitest';
import { consoleGate, judgeConsole } from '../../tools/audit/gates/console.ts';
import { GATES } from '../../tools/audit/gates/index.ts';
import { judgeStructuredData, structuredDataGate } from '../../tools/audit/gates/structured-data.ts';
import { renderReport, renderSummary } from '../../tools/audit/report.ts';
import { couldNotRun, gateResult } from '../../tools/audit/result.ts';

describe('registry', () => {
  it('has one gate per id, each with a title of its own', () => {
    const ids = GATES.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(GATES.map((g) => g.title)).size).toBe(ids.length);
  });

  it('runs Lighthouse before the budgets, which read its CLS', () => {
    const ids = GATES.map((g) => g.id);
    expect(ids.indexOf('lighthouse')).toBeLessThan(ids.indexOf('budgets'));
    expect(ids.indexOf('lighthouse')).not.toBe(-1);
  });

  it('names each result after the gate that judged it', () => {
    expect(judgeConsole([])).toMatchObject({ id: consoleGate.id, title: consoleGate.title, pass: false });
    expect(judgeStructuredData([])).toMatchObject({ id: structuredDataGate.id, title: structuredDataGate.title, pass: true, failures: [] });
  });
});

describe('results and the report', () => {
  const passing = gateResult({ id: 'a', title: 'Gate A' }, { pass: true, headline: '3 checked', failures: [], body: '| x |', notes: ['a note'] });
  const broken = gateResult({ id: 'b', title: 'Gate B' }, couldNotRun('java not found'));

  it('a gate that could not run fails, saying why', () => {
    expect(broken).toEqual({
      id: 'b',
      title: 'Gate B',
      pass: false,
      headline: 'could not run: java not found',
      failures: ['java not found'],
      body: '',
      notes: [],
    });
  });

  it('reports each gate in order with its verdict, and the counts CI reads', () => {
    const meta = {
      date: '2026-01-01T00:00:00Z',
      revision: 'abc1234',
      versions: { node: '20' },
      totalMs: 1500,
      build: 'Built 2 pages',
      pages: 2,
      skipped: ['c'],
    };
    const report = renderReport([passing, broken], meta);
    expect(report).toContain('**FAIL**: 1 of 2 gates pass.');
    expect(report).toContain('- Not run (by request): c');
    expect(report.indexOf('## Gate A: PASS')).toBeLessThan(report.indexOf('## Gate B: FAIL'));
    expect(report).toContain('> a note');
    const summary = renderSummary([passing, broken], 'reports/quality.md', 1500);
    expect(summary.split('\n').at(-1)).toBe('gates: 1 passed, 1 failed');
    expect(summary).toContain('  java not found');
  });
});
