// Dates as pages print them.

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * `2024-03-05` → `March 5, 2024`. The date is read and printed in UTC, so it is
 * the same calendar day whatever the time zone of the machine that builds.
 */
export function formatDate(iso: string): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}
