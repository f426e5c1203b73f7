// Which step of the preview server answers a path, worked out with the same
// pure functions the server calls (src/serve/server.ts, in its order), so the
// report can tell the canonical-URL redirect from a _redirects rule. Pure.

import { decodeRequestPath, matchRedirect, resolveStatic, splitUrl, type ParsedRedirect } from 'trn-site/serve';
import type { PreviewStep } from './compare.ts';

/** `target` is a request path with its query; `isFile` says whether a path relative to the build is a file of it. */
export function previewStep(target: string, rules: readonly ParsedRedirect[], isFile: (rel: string) => boolean): PreviewStep {
  const decoded = decodeRequestPath(splitUrl(target).rawPath);
  if (!decoded.ok) return 'not-found';
  const found = resolveStatic(decoded.pathname, isFile);
  if (matchRedirect(rules, decoded.pathname, () => found.kind !== 'miss')) return 'rule';
  return found.kind === 'redirect' ? 'canonical' : found.kind === 'file' ? 'file' : 'not-found';
}
