// The engine's main entry (`trn-site`): building and checking a site, for the CLI, the
// project's tools and tests, and any program that drives the engine. A theme imports from
// `trn-site/theme` (src/theme.ts) instead, so the build functions never reach the templates; the
// preview server is `trn-site/serve` (src/serve/index.ts).

// Building and checking a site.
export { build, createBuilder, type BuildOptions, type BuildResult } from './build.ts';
export { check } from './check/check.ts';
export type { CheckOptions } from './contracts/build.ts';
export type { OutputEntry } from './write/write.ts';
export type { RenderedPage } from './render/render.ts';
export { templateTypes, type TemplateTypesOptions, type TemplateTypesResult } from './typecheck/template-types.ts';
export { loadTheme } from './load/theme.ts';

// Diagnostics: the data every stage reports, and the catalogue of kinds.
export { ContentError, type Diagnostic, type DiagnosticCode } from './contracts/diagnostics.ts';
export { catalogue, type CatalogueEntry, type Stops } from './contracts/catalogue.ts';
