// The build's _redirects and _headers as Netlify's own parsers read them
// (netlify-redirect-parser, netlify-headers-parser), held against the reading
// of the engine's preview server (src/serve): a line Netlify refuses, or reads
// as another rule, is a problem, said in plain words.

import { parseAllHeaders } from 'netlify-headers-parser';
import { parseAllRedirects } from 'netlify-redirect-parser';
import { matchPattern } from 'trn-site/internal/url.ts';
import type { ParsedHeaderRule, ParsedRedirect } from 'trn-site/serve';

/** A rule as netlify-redirect-parser returns it (with `minimal`), the fields the site writes. */
export interface NetlifyRedirect {
  from: string;
  to?: string;
  status?: number;
  force?: boolean;
  query?: Record<string, string>;
  conditions?: Record<string, unknown>;
}

/** A block as netlify-headers-parser returns it. */
export interface NetlifyHeaders {
  for: string;
  forRegExp?: RegExp;
  values: Record<string, string>;
}

/** Netlify's reading of both files, with the messages of the lines its parsers refused. */
export async function readWithNetlify(redirectsFile: string, headersFile: string) {
  const redirects = await parseAllRedirects({ redirectsFiles: [redirectsFile], configRedirects: [], minimal: true });
  // The package's declared option types are narrower than what it accepts: a list of file paths.
  const headers = await parseAllHeaders({ headersFiles: [headersFile] as never[], netlifyConfigPath: undefined, configHeaders: [], minimal: false });
  return {
    redirects: redirects.redirects as NetlifyRedirect[],
    headers: headers.headers as NetlifyHeaders[],
    refused: [...redirects.errors, ...headers.errors].map((error: unknown) =>
      (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim(),
    ),
  };
}

/**
 * Where Netlify reads the redirect rules otherwise than the engine: a rule
 * missing, an extra one, another order (first match wins, so order is
 * meaning), or another target, status or force. Netlify's status when a line
 * gives none is 301, as the engine's.
 */
export function redirectDifferences(netlify: readonly NetlifyRedirect[], engine: readonly ParsedRedirect[]): string[] {
  const problems: string[] = [];
  const said = (r: { to?: string; status?: number; force?: boolean }) => `${r.to ?? '(no target)'} ${r.status ?? 301}${r.force ? '!' : ''}`;
  const count = Math.max(netlify.length, engine.length);
  for (let i = 0; i < count; i++) {
    const ours = engine[i];
    const theirs = netlify[i];
    if (!theirs) {
      problems.push(`_redirects line ${ours!.line} (${ours!.from}): Netlify does not read it as a rule`);
      continue;
    }
    if (!ours) {
      problems.push(`Netlify reads a rule the engine does not: ${theirs.from} ${said(theirs)}`);
      continue;
    }
    const extra = [...Object.keys(theirs.query ?? {}), ...Object.keys(theirs.conditions ?? {})];
    if (theirs.from !== ours.from || said(theirs) !== said(ours) || extra.length > 0) {
      const conditions = extra.length > 0 ? ` with conditions ${extra.join(', ')}` : '';
      problems.push(`_redirects line ${ours.line}: the engine reads ${ours.from} ${said(ours)}, Netlify ${theirs.from} ${said(theirs)}${conditions}`);
    }
  }
  return problems;
}

/**
 * Where Netlify reads the header blocks otherwise than the engine: their
 * paths and values, and, for each of `paths`, which blocks apply (Netlify
 * matches with its own expressions; the engine with src/url.ts's patterns).
 */
export function headerDifferences(netlify: readonly NetlifyHeaders[], engine: readonly ParsedHeaderRule[], paths: readonly string[]): string[] {
  const problems: string[] = [];
  const count = Math.max(netlify.length, engine.length);
  for (let i = 0; i < count; i++) {
    const ours = engine[i];
    const theirs = netlify[i];
    if (!ours || !theirs) {
      problems.push(
        ours
          ? `_headers line ${ours.line} (${ours.path}): Netlify does not read this block`
          : `Netlify reads a header block the engine does not: ${theirs!.for}`,
      );
      continue;
    }
    if (theirs.for !== ours.path) problems.push(`_headers line ${ours.line}: the engine reads the path ${ours.path}, Netlify ${theirs.for}`);
    const values = Object.fromEntries(ours.headers);
    for (const name of [...new Set([...Object.keys(values), ...Object.keys(theirs.values)])]) {
      if (values[name] !== theirs.values[name]) {
        problems.push(
          `_headers block ${ours.path}, ${name}: the engine reads ${JSON.stringify(values[name] ?? null)}, Netlify ${JSON.stringify(theirs.values[name] ?? null)}`,
        );
      }
    }
  }
  if (netlify.length === engine.length) {
    for (const path of paths) {
      const pathname = path.split('?')[0]!;
      const ours = engine.filter((rule) => matchPattern(rule.pattern, pathname)).map((rule) => rule.path);
      const theirs = netlify.filter((block) => block.forRegExp?.test(pathname)).map((block) => block.for);
      if (ours.join() !== theirs.join()) {
        problems.push(`${pathname}: the engine applies the header blocks [${ours.join(', ')}], Netlify [${theirs.join(', ')}]`);
      }
    }
  }
  return problems;
}
