// Redirect rules must each do something, and do it in one hop: no loops, no
// chains, no rule hidden by (or hiding) a page, no rule made dead by an earlier one.
// And each must be writable as one line of _redirects: its source and target
// one token each (a line break in a target would write a rule nobody wrote),
// an external target an https:// address the browser's own URL parser reads.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { RedirectEntry } from '../contracts/model.ts';
import { compilePattern, externalTargetProblem, isPattern, MAX_CDN_LINE, normaliseLinkPath, pathMatches, unwritableInToken } from '../url.ts';
import { characterName, hiddenCharactersOf } from './hidden-characters.ts';
import type { LinkTargets } from './links.ts';

/** `baseUrl`: the site's own address; a target on it (`https://www.example.com/old`) is checked as the path it names. */
export function checkRedirects(redirects: readonly RedirectEntry[], targets: LinkTargets, baseUrl?: string): Diagnostic[] {
  const at: Place = (rule, index, field) => ({
    file: rule.file,
    ...rule.fields[field],
    path: `redirects[${index}].${field}`,
  });
  // A rule that cannot be written is said once, as that; the other checks would only guess at what it means.
  const writing = redirects.map((rule, index) => writingProblem(rule, index, at));
  const unwritable = new Set(writing.flatMap((problem, index) => (problem ? [index] : [])));
  const sources = sourceProblems(redirects, unwritable, targets, at);
  const local = redirects.map((rule) => localTarget(rule.to, baseUrl));
  return [
    ...writing.filter((problem) => problem !== null),
    ...sources.diagnostics,
    ...targetProblems(redirects, { unwritable, exact: sources.exact, local }, targets, at),
  ];
}

/**
 * What is wrong with the rules' sources: a rule an earlier one catches, a rule hiding a page (or a forced
 * pattern hiding pages). Also gives the exact sources (not patterns), each with the last rule that has it.
 */
function sourceProblems(
  redirects: readonly RedirectEntry[],
  unwritable: ReadonlySet<number>,
  targets: LinkTargets,
  at: Place,
): { diagnostics: Diagnostic[]; exact: Map<string, number> } {
  const out: Diagnostic[] = [];
  const exact = new Map<string, number>();
  redirects.forEach((rule, index) => {
    if (unwritable.has(index)) return;
    const from = normaliseLinkPath(rule.from);
    const pattern = isPattern(from);

    // An earlier rule catches this one when it has the same source, or when its pattern matches
    // this source (a later pattern read as plain text: `/blog/*` catches `/blog/:slug`).
    const earlier =
      [...exact.entries()].find(([source]) => source === from) ??
      redirects
        .slice(0, index)
        .map((r, i) => [normaliseLinkPath(r.from), i] as const)
        .find(([source]) => source === from || (isPattern(source) && pathMatches(source, from)));
    if (earlier) {
      out.push(diagnostic('redirect-unreachable', at(rule, index, 'from'), { index: earlier[1], earlier: redirects[earlier[1]]!.from, from: rule.from }));
    }
    if (!pattern) exact.set(from, index);

    if (!pattern && targets.routes.has(from)) {
      out.push(diagnostic('redirect-shadows-page', at(rule, index, 'from'), { from, force: rule.force }));
    }
    if (pattern && rule.force) {
      const hidden = [...targets.routes].filter((route) => pathMatches(from, route)).sort();
      if (hidden.length)
        out.push(diagnostic('redirect-shadows-page', at(rule, index, 'from'), { from, force: true, hidden: { count: hidden.length, example: hidden[0]! } }));
    }
  });
  return { diagnostics: out, exact };
}

/** What the sources and targets of the rules are, for following a target to the rule it is the source of. */
interface RuleTable {
  unwritable: ReadonlySet<number>;
  /** Exact sources, each with the index of the (last) rule that has it. */
  exact: ReadonlyMap<string, number>;
  /** Each rule's target as a path on this site; null for another site's address. */
  local: readonly (string | null)[];
}

/** What is wrong with the rules' path targets: a loop, a chain of hops, or a target that is nothing of the site. */
function targetProblems(redirects: readonly RedirectEntry[], table: RuleTable, targets: LinkTargets, at: Place): Diagnostic[] {
  const out: Diagnostic[] = [];
  redirects.forEach((rule, index) => {
    const to = table.local[index] ?? null;
    if (table.unwritable.has(index) || to === null || to.includes(':')) return;
    const target = normaliseLinkPath(to);
    const next = table.exact.get(target);
    if (next !== undefined) {
      const hops = followHops(redirects, table, index, next);
      out.push(
        hops.loops
          ? diagnostic('redirect-loop', at(rule, index, 'to'), { hops: hops.path })
          : diagnostic('redirect-chain', at(rule, index, 'to'), { hops: hops.path, end: hops.end }),
      );
      return;
    }
    if (!targets.routes.has(target) && !targets.files.has(target)) {
      out.push(diagnostic('redirect-target', at(rule, index, 'to'), { target }));
    }
  });
  return out;
}

/**
 * The sources a visitor passes through from rule `index`, whose target is rule `next`'s source, following
 * each target to the rule it is the exact source of: a loop (ending where it came back) or a chain and its end.
 */
function followHops(redirects: readonly RedirectEntry[], table: RuleTable, index: number, next: number): { loops: boolean; path: string[]; end: string } {
  const from = normaliseLinkPath(redirects[index]!.from);
  const path = [from];
  let hop: number | undefined = next;
  const visited = new Set<number>([index]);
  while (hop !== undefined && !visited.has(hop)) {
    visited.add(hop);
    path.push(normaliseLinkPath(redirects[hop]!.from));
    const hopTo: string | null = table.local[hop] ?? null;
    hop = hopTo === null ? undefined : table.exact.get(normaliseLinkPath(hopTo));
  }
  if (hop !== undefined) return { loops: true, path: [...path, normaliseLinkPath(redirects[hop]!.from)], end: from };
  const last = [...visited].pop()!;
  return { loops: false, path, end: normaliseLinkPath(table.local[last] ?? redirects[last]!.to) };
}

/** A placeholder as the CDNs read one in a rule (the same names compilePattern captures). */
const PLACEHOLDER = /:([A-Za-z_]\w*)/g;

type Place = (rule: RedirectEntry, index: number, field: 'from' | 'to') => { file: string; line: number; column: number; path: string };

/** Why a rule cannot be one line of _redirects, as a problem at the field at fault; `null` when it can. */
function writingProblem(rule: RedirectEntry, index: number, at: Place): Diagnostic | null {
  // A character drawn as nothing (a Hangul filler, a grapheme joiner) is one token, but an address
  // nobody could type or see: refused as the text rule refuses it anywhere else.
  for (const field of ['from', 'to'] as const) {
    const hidden = hiddenCharactersOf(rule[field])[0];
    if (hidden) return diagnostic('redirect-character', at(rule, index, field), { field, character: characterName(hidden.code) });
  }
  const inFrom = unwritableInToken(rule.from);
  if (inFrom) return diagnostic('redirect-character', at(rule, index, 'from'), { field: 'from', character: characterName(inFrom.character.codePointAt(0)!) });
  const pattern = compilePattern(rule.from);
  if ('error' in pattern) return diagnostic('redirect-pattern', at(rule, index, 'from'), { error: pattern.error });
  // Netlify keeps these paths for itself and refuses the whole line.
  if (rule.from.startsWith('/.netlify'))
    return diagnostic('redirect-pattern', at(rule, index, 'from'), {
      error: "paths starting with /.netlify are Netlify's own, and it refuses a rule for them",
    });
  if (rule.to.startsWith('/')) {
    const inTo = unwritableInToken(rule.to);
    if (inTo) return diagnostic('redirect-character', at(rule, index, 'to'), { field: 'to', character: characterName(inTo.character.codePointAt(0)!) });
    // A browser reads `//host` and `/\host` (a backslash is a slash to it) as another site's address: with
    // a capture after it (`//:splat`), any visitor could be sent anywhere through this site's address.
    if (/^\/\/|\\/.test(rule.to)) return diagnostic('redirect-other-site', at(rule, index, 'to'), { to: rule.to });
    // A capture right after the first slash starts the path with what the visitor's address holds:
    // a splat may begin with a slash (/old//evil.example), a placeholder with a backslash (%5C),
    // and either makes the target another site's address.
    const first = /^\/:([A-Za-z_]\w*)/.exec(rule.to)?.[1];
    if (first !== undefined && pattern.names.includes(first))
      return diagnostic('redirect-other-site', at(rule, index, 'to'), { to: rule.to, through: visitorRequest(rule.from, first) });
  } else {
    const why = externalTargetProblem(rule.to);
    if (why === 'character') {
      const character = unwritableInToken(rule.to)!.character;
      return diagnostic('redirect-character', at(rule, index, 'to'), { field: 'to', character: characterName(character.codePointAt(0)!) });
    }
    if (why) return diagnostic('redirect-url', at(rule, index, 'to'), { to: rule.to, why });
  }
  // The CDNs put a capture wherever the target names it, and leave a name the source does not
  // capture as it is: the visitor would be sent to /:slug itself.
  const captured = new Set(pattern.names);
  for (const name of rule.to.matchAll(PLACEHOLDER)) {
    if (!captured.has(name[1]!)) return diagnostic('redirect-placeholder', at(rule, index, 'to'), { name: name[1]!, from: rule.from });
  }
  // The longest line a rule makes: its source with a trailing slash added, its target, a forced status.
  if (rule.from.length + 1 + rule.to.length + ' 301!'.length + 1 > MAX_CDN_LINE)
    return diagnostic('redirect-url', at(rule, index, 'to'), { to: rule.to, why: 'long' });
  return null;
}

/** An address a visitor could ask for that puts another site's name where `capture` stands in the rule's target. */
function visitorRequest(from: string, capture: string): string {
  const stripped = from.replace(/\/$/, '');
  if (capture === 'splat') return stripped.endsWith('/*') ? `${stripped.slice(0, -1)}/evil.example` : stripped.replace('*', '//evil.example');
  // The whole segment: `:b` is not the start of `:ba`.
  return stripped.replace(new RegExp(`/:${capture}(?=/|$)`), '/%5Cevil.example');
}

/**
 * The path a rule's target names on this site: the target itself when it is a path, the path of an
 * address on the site's own origin (under its base path), `null` for another site's address.
 */
function localTarget(to: string, baseUrl: string | undefined): string | null {
  if (to.startsWith('/')) return to;
  if (baseUrl === undefined || externalTargetProblem(to) !== null) return null;
  const url = new URL(to);
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))) return null;
  return (url.pathname.slice(prefix.length) || '/') + url.search + url.hash;
}
