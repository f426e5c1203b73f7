// The preview server of the generator and the pure pieces it is built from,
// exported so the CLI (and `check`) can validate _redirects / _headers too.

export { folderFiles } from './folder.ts';
export { serve, type DevHooks, type RunningServer, type ServeOptions, type SiteFiles, type SiteSnapshot } from './server.ts';
export { isRedirectStatus, matchRedirect, parseRedirects, type RedirectMatch, type ParsedRedirect, type RuleError } from './redirects.ts';
export { headersFor, parseHeaders, type ParsedHeaderRule } from './headers.ts';
export { candidateFiles, isInside, isReservedFile, resolveFile, resolveStatic, type StaticResult } from './static.ts';
export { asciiUrl, decodeRequestPath, encodePath, splitUrl, type DecodedPath } from './request-path.ts';
export { contentTypeFor, DEFAULT_CONTENT_TYPE } from './content-type.ts';
