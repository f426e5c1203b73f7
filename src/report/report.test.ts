// The content report's measures, on small literal inputs.
import { describe, expect, it } from 'vitest';
import { fleschKincaidGrade, jaccard, median, shingles } from './measures.ts';
import { contentReport } from './report.ts';
import { evaluateTargets } from './targets.ts';
import { mainBlocks } from './text.ts';

const page = (route: string, template: string, main: string) => ({
  route,
  template,
  html: `<html><body><nav><a>Skip</a></nav><main>${main}</main><footer><p>Footer words</p></footer></body></html>`,
});

describe('text of main content', () => {
  it('reads blocks inside <main> only, skipping forms and navigation', () => {
    const html =
      '<html><body><p>Outside</p><main><h1>Title</h1><p>One  two\nthree.</p><ul><li><p>Nested item</p></li></ul><form><label>Name</label></form><nav><a>Menu</a></nav></main></body></html>';
    expect(mainBlocks(html)).toEqual(['Title', 'One two three.', 'Nested item']);
  });
});

describe('measures', () => {
  it('shingles are runs of five words', () => {
    expect([...shingles(['a', 'b', 'c', 'd', 'e', 'f'])]).toEqual(['a b c d e', 'b c d e f']);
    expect(shingles(['a', 'b']).size).toBe(0);
  });

  it('jaccard is shared over all', () => {
    expect(jaccard(new Set(['x', 'y']), new Set(['y', 'z']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(['x']), new Set(['x']))).toBe(1);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('grades plain short sentences low and long polysyllabic ones high', () => {
    const easy = fleschKincaidGrade(['The cat sat on the mat. The dog ran to the park.']);
    const hard = fleschKincaidGrade([
      'Comprehensive electrical modernization necessitates meticulous coordination between municipal authorities, distribution utilities and licensed contractors throughout the installation.',
    ]);
    expect(easy).toBeLessThan(2);
    expect(hard).toBeGreaterThan(16);
  });

  it('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe('report', () => {
  const shared = '<p>Panel Upgrades and Emergency Repairs are on every location page of this site.</p>';
  const pages = [
    page('/gta/a', 'location', `<h1>Alpha</h1>${shared}<p>Alpha has old houses with knob and tube wiring near the lake.</p>`),
    page('/gta/b', 'location', `<h1>Beta</h1>${shared}<p>Beta has new houses with two hundred amp service and garages.</p>`),
    page('/gta/c', 'location', `<h1>Gamma</h1>${shared}<p>Alpha has old houses with knob and tube wiring near the river.</p>`),
  ];

  it('counts only words a page does not share with most pages of its template', () => {
    const report = contentReport(pages);
    expect(report.pages.map((p) => [p.route, p.words])).toEqual([
      ['/gta/a', 13],
      ['/gta/b', 12],
      ['/gta/c', 13],
    ]);
  });

  it('finds the most similar pair', () => {
    const figures = contentReport(pages).templates[0]!;
    expect(figures.mostSimilar).toMatchObject({ a: '/gta/a', b: '/gta/c' });
    expect(figures.mostSimilar!.score).toBeGreaterThan(0.5);
  });

  it('holds the report to targets', () => {
    const report = contentReport(pages);
    const results = evaluateTargets(report, [
      { description: 'words', template: 'location', minWords: 12 },
      { description: 'similar', template: 'location', maxSimilarity: 0.2 },
      { description: 'none', routes: '/nowhere', maxGrade: 9 },
    ]);
    expect(results.map((r) => r.met)).toEqual([true, false, false]);
    expect(results[1]!.detail).toMatch(/^most similar 0\.\d+ \(\/gta\/a ~ \/gta\/c\)$/);
    expect(results[2]!.detail).toBe('no pages match');
  });
});
