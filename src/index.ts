// The engine's public entry: what a caller (the CLI, a theme, a tool, a test)
// may use. Everything else under src/ is the engine's own business.
//
// A theme imports from here too (defineTheme, the URL helpers); its bundle
// keeps only what it uses, so the build functions never reach the templates.

// Building and checking a site.
export { build, createBuilder, type BuildOptions, type BuildResult } from './build.ts';
export { check } from './check/check.ts';
export type { CheckOptions } from './contracts/build.ts';
export type { OutputEntry } from './write/write.ts';
export type { RenderedPage } from './render/render.ts';
export { templateTypes, type TemplateTypesOptions, type TemplateTypesResult } from './typecheck/template-types.ts';

// Diagnostics: the data every stage reports, and the catalogue of kinds.
export { ContentError, type Diagnostic, type DiagnosticCode } from './contracts/diagnostics.ts';
export { catalogue, type CatalogueEntry, type Stops } from './contracts/catalogue.ts';

// The contract with a theme.
export type { Picture } from './images/picture.ts';
export type { ShareCard, ShareCardInput, ShareCardSpec } from './contracts/theme.ts';
export type { Assets, CollectionDefinition, CommonPageFields, Feed, ListedCollection, MarkdownPage, MarkdownTemplate, PageProps, PageRuleInput, IconLink, PageTemplate, SiteProblem, TemplateCollection, Theme, WebAppManifest } from './contracts/theme.ts';
export { defineTheme } from './contracts/theme.ts';

// Collections: lists of pages as queries over what pages say about themselves.
export { query, type Member, type Query } from './collections/query.ts';
export type { PageStatus } from './contracts/member.ts';
// A fact worked out once per object: every page of a build is handed the same collections,
// so a list made from them (a menu, the places of a region) is made once, not once per page.
export { perObject } from './memo.ts';
// A part many pages render alike (a header, a footer), rendered once per distinct input and spliced into each.
export { Shared, type SharedProps } from './render/shared-blocks.ts';

// URLs: routes, output files, canonical URLs, phone links.
export { canonicalUrl, E164_PATTERN, isE164, NOT_FOUND_ROUTE, outputFileFor, routeForFile, routeFromPath, telHref } from './url.ts';
export { agreeingForms, dialProblem, printedExtension, printedMatches } from './phone.ts';
