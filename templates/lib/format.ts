// Formatting shared by templates.

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * `2024-03-05` → `March 5, 2024`. The date is read and printed in UTC, so it is
 * the same calendar day whatever the time zone of the machine that builds.
 */
export function formatDate(iso: string): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** Reading time at about 200 words a minute, e.g. `6 min read`. */
export function readTime(words: number): string {
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

/** The specification keeps the estimate form out of the hero on these sections. */
const noHeroForm = ['/', '/contact', '/blog', '/toronto'];

export function heroFormAllowed(route: string): boolean {
  return !noHeroForm.some((base) => route === base || (base !== '/' && route.startsWith(`${base}/`)));
}

/** JSON for a `<script type="application/ld+json">`, safe against a `</script>` inside a string. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
