// The theme's client scripts by name: each is bundled to /assets/<name>-<hash>.js
// (templates/index.ts hands them to the engine), and a page asks for one by its
// name (Layout's `scripts`), which the type below holds to these names.
//
// One module script per enhancement, each added by the pages that have its
// markup (Layout: site on every page, form where there is a lead form).
// map is no page's script: contact loads it with import() when the map nears the viewport.
export const clientScripts = {
  site: 'templates/client/entry/site.ts',
  form: 'templates/client/entry/form.ts',
  faq: 'templates/client/entry/faq.ts',
  carousel: 'templates/client/entry/carousel.ts',
  blog: 'templates/client/entry/blog.ts',
  contact: 'templates/client/entry/contact.ts',
  map: 'templates/client/map.ts',
  'not-found': 'templates/client/entry/not-found.ts',
  analytics: 'templates/client/entry/analytics.ts',
} as const;

/** The name of one of the theme's client scripts. */
export type ScriptName = keyof typeof clientScripts;
