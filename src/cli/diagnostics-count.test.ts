// The count that ends a check.
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../contracts/diagnostics.ts';
import { problemCount } from './diagnostics-text.ts';

describe('problemCount', () => {
  const error = (file: string) => diagnostic('front-matter', { file });
  const warning = (file: string) => diagnostic('not-a-page', { file }, { file });
  it.each([
    [[], 'No problems found'],
    [[error('a.md')], '1 error in 1 file'],
    [[error('a.md'), error('b.md'), warning('a.md')], '2 errors, 1 warning in 2 files'],
    [[warning('x.txt'), warning('y.txt')], '2 warnings in 2 files'],
  ])('%#', (list, text) => {
    expect(problemCount(list)).toBe(text);
  });
});
