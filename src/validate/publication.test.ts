// Calendar dates and article status, on literal days.
import { describe, expect, it } from 'vitest';
import { dayOf, impossibleDate, pageStatus } from './publication.ts';

describe('impossibleDate', () => {
  it.each([
    ['2024-02-29', undefined],
    ['2025-02-28', undefined],
    ['2025-12-31', undefined],
    ['2025-02-29', 'February 2025 has 28 days'],
    ['2025-02-30', 'February 2025 has 28 days'],
    ['2025-04-31', 'April 2025 has 30 days'],
    ['2025-13-01', 'there is no month 13'],
    ['2025-00-10', 'there is no month 0'],
    ['2025-01-00', 'January 2025 has 31 days'],
  ])('%s → %s', (date, why) => {
    expect(impossibleDate(date)).toBe(why);
  });
});

describe('pageStatus', () => {
  it.each([
    [false, '2025-06-01', '2025-06-02', 'published'],
    [false, '2025-06-02', '2025-06-02', 'published'],
    [false, '2025-06-03', '2025-06-02', 'scheduled'],
    [true, '2020-01-01', '2025-06-02', 'draft'],
  ] as const)('draft %s, dated %s, on %s → %s', (draft, date, today, status) => {
    expect(pageStatus(draft, date, today)).toBe(status);
  });

  it('takes the local calendar day', () => {
    expect(dayOf(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
