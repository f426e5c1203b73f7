// Where a route sits in the site's tree. Sections such as the Toronto hub are
// named in site.yaml (links:), so code asks "is this route in that section?"
// rather than spelling the section's route out.

/** Whether `route` is `section` or a page below it. `/` stands for the home page alone, not the whole site. */
export function isWithin(route: string, section: string): boolean {
  return route === section || route.startsWith(`${section}/`);
}
