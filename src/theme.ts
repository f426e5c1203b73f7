// The engine's entry for themes (`trn-site/theme`): the contract a site's templates are written
// against, and the helpers they may call. A theme's bundle keeps only what it uses; nothing here
// builds, reads or writes anything. The build API is the package's main entry (src/index.ts).

// The contract with a theme.
export type { Picture } from './images/picture.ts';
export type { ShareCard, ShareCardInput, ShareCardSpec } from './contracts/theme.ts';
export type {
  Assets,
  CollectionDefinition,
  CommonPageFields,
  Feed,
  IconLink,
  ListedCollection,
  MarkdownPage,
  MarkdownTemplate,
  PageProps,
  PageRuleInput,
  PageTemplate,
  SiteProblem,
  TemplateCollection,
  Theme,
  WebAppManifest,
} from './contracts/theme.ts';
export { defineTheme } from './contracts/theme.ts';

// Collections: lists of pages as queries over what pages say about themselves.
export { query, type Member, type Query } from './collections/query.ts';
export type { PageStatus } from './contracts/member.ts';
// A fact worked out once per object: every page of a build is handed the same collections,
// so a list made from them (a menu, the places of a region) is made once, not once per page.
export { perObject } from './memo.ts';
// A part many pages render alike (a header, a footer), rendered once per distinct input and spliced into each.
export { Shared, type SharedProps } from './render/shared-blocks.ts';

// URLs: routes, output files, canonical URLs, phone links; phones: E.164 and printed forms.
export { canonicalUrl, E164_PATTERN, isE164, NOT_FOUND_ROUTE, outputFileFor, routeForFile, routeFromPath, telHref } from './url.ts';
export { agreeingForms, dialProblem, printedExtension, printedMatches } from './phone.ts';
