// When a dated page is published: not while it is a draft, not before its date.
// Dates are calendar days (YYYY-MM-DD), compared as the build's own day, so a
// page dated today appears in today's build wherever the build runs. Pure.
import type { PageStatus } from '../contracts/model.ts';

/** Why `value` is not a day of the calendar (2025-02-30, 2024-13-01), or undefined when it is one. */
export function impossibleDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined; // the schema's pattern reports the form
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/** A dated page's status on `today` (YYYY-MM-DD). */
export function pageStatus(draft: boolean, date: string, today: string): PageStatus {
  if (draft) return 'draft';
  return date > today ? 'scheduled' : 'published';
}

/** The local calendar day of `now` as YYYY-MM-DD. */
export function dayOf(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
