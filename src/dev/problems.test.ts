import { describe, expect, it } from 'vitest';
import { diagnostic } from '../contracts/diagnostics.ts';
import { overlayReport } from './problems.ts';

describe('overlayReport', () => {
  const files: Record<string, string> = { 'pages/a.yaml': 'template: home\ntitle: x\n' };
  const text = (file: string) => files[file] ?? null;

  it('puts errors before warnings and counts them as the terminal does', () => {
    const warning = diagnostic('not-a-page', { file: 'pages/notes.txt' }, { file: 'pages/notes.txt' });
    const error = diagnostic('yaml-warning', { file: 'pages/a.yaml', line: 2, column: 8 }, { message: 'x' });
    const report = overlayReport([warning, { ...error, severity: 'error' }], text);
    expect(report.problems.map((p) => p.severity)).toEqual(['error', 'warning']);
    expect(report.summary).toBe('1 error, 1 warning in 2 files');
  });

  it('adds the lines around a located problem, and no frame for a whole-file one or an unreadable file', () => {
    const located = diagnostic('front-matter', { file: 'pages/a.yaml', line: 2, column: 1 });
    const whole = diagnostic('not-a-page', { file: 'pages/a.yaml' }, { file: 'pages/a.yaml' });
    const gone = diagnostic('front-matter', { file: 'pages/gone.md', line: 1, column: 1 });
    const [a, b, c] = overlayReport([located, whole, gone], text).problems;
    expect(a!.frame!.rows.find((r) => r.marked)).toEqual({ line: 2, text: 'title: x', marked: true });
    expect(b!.frame).toBeNull();
    expect(c!.frame).toBeNull();
    expect(a).toMatchObject({ file: 'pages/a.yaml', line: 2, column: 1, code: 'front-matter', message: located.message });
  });
});
