import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeFrame } from './code-frame.ts';

const text = ['template: location', 'title: Vaughan', 'hero:', '  lead: >-', '\tbad tab', 'sections: []'].join('\n');

describe('codeFrame', () => {
  it('shows two lines either side, numbered, with the problem line marked', () => {
    expect(codeFrame(text, 3, 1)).toEqual({
      rows: [
        { line: 1, text: 'template: location', marked: false },
        { line: 2, text: 'title: Vaughan', marked: false },
        { line: 3, text: 'hero:', marked: true },
        { line: 4, text: '  lead: >-', marked: false },
        { line: 5, text: '→ bad tab', marked: false },
      ],
      column: 1,
    });
  });

  it('stops at the start and end of the file', () => {
    expect(codeFrame(text, 1, 0)!.rows.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(codeFrame(text, 6, 0)!.rows.map((r) => r.line)).toEqual([4, 5, 6]);
  });

  it('draws a tab as an arrow and moves the caret past it', () => {
    const frame = codeFrame(text, 5, 2)!;
    expect(frame.rows.find((r) => r.marked)!.text).toBe('→ bad tab');
    expect(frame.column).toBe(3);
  });

  it('has no caret for a problem of the whole line (column 0)', () => {
    expect(codeFrame(text, 2, 0)!.column).toBe(0);
  });

  it('is null for a line the file does not have (the file changed since)', () => {
    expect(codeFrame(text, 0, 1)).toBeNull();
    expect(codeFrame(text, 7, 1)).toBeNull();
  });

  it('cuts a very long line', () => {
    const frame = codeFrame('x'.repeat(500), 1, 1)!;
    expect(frame.rows[0]!.text).toHaveLength(160);
    expect(frame.rows[0]!.text.endsWith('…')).toBe(true);
  });

  it('keeps the place in sight on a line of any length, wherever the column, with the caret under it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.nat(), fc.boolean(), (length, at, tabs) => {
        // A line of distinct characters (a tab now and then), and the column of one of them.
        const line = Array.from({ length }, (_, i) => (tabs && i % 97 === 0 ? '\t' : String.fromCharCode(0x4e00 + i))).join('');
        const column = 1 + (at % length);
        const frame = codeFrame(`before\n${line}\nafter`, 2, column)!;
        const marked = frame.rows.find((r) => r.marked)!.text;
        expect(marked.length).toBeLessThanOrEqual(160);
        // The character at the column is the one the caret stands under.
        const meant = line[column - 1] === '\t' ? '→' : line[column - 1];
        expect(marked[frame.column - 1], `column ${column} of ${length}`).toBe(meant);
      }),
      { numRuns: 500 },
    );
  });
});
