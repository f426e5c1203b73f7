// Whether a page may carry the estimate form in its hero.

/** The specification keeps the estimate form out of the hero on these sections. */
const noHeroForm = ['/', '/contact', '/blog', '/toronto'];

export function heroFormAllowed(route: string): boolean {
  return !noHeroForm.some((base) => route === base || (base !== '/' && route.startsWith(`${base}/`)));
}
