// The engine's public entry: what a caller (the CLI, a theme, a tool, a test)
// may use. Everything else under src/ is the engine's own business.
export type { Assets, CommonPageFields, PageProps, PageTemplate, PostPage, PostSummary, PostTemplate, SiteProblem, Theme } from './contracts/theme.ts';
export { defineTheme } from './contracts/theme.ts';
export { canonicalUrl, isE164, telHref, E164_PATTERN } from './url.ts';
