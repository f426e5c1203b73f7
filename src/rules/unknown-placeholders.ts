// `{name}` in a page's text stands for a value the theme fills in
// (a phone, a claim). A name the theme does not know cannot be filled in: a
// template that meets one could only throw, which names the page but no line,
// or print the braces on the live site. So the names are data the theme
// declares (Theme.placeholders), and this rule refuses any other name where it
// is written: at its field in a page's data (a Markdown page's front matter), and at
// its line and column in a page's Markdown, outside code, where the theme
// leaves braces as they are.
import type { Token } from 'marked';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, isMarkdownPage, type MarkdownPageEntry, type PageEntry, type SiteModel } from '../contracts/model.ts';
import { bodyTokens, eachToken, markdownPlaces } from '../html/markdown.ts';
import { perObject } from '../memo.ts';
import { formatPath } from '../validate/json-schema.ts';
import { walk } from './link-sources.ts';

/** A placeholder as text writes it: a name of letters in braces. */
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Every placeholder of pages whose name is not among `known`; nothing when the theme declares no names. */
export function unknownPlaceholders(model: SiteModel, known: readonly string[] | undefined): Diagnostic[] {
  if (!known) return [];
  return allPages(model).flatMap(unknownInFor(known));
}

/** For the theme's names, what each page holds that is not among them, once per page entry (a rebuild keeps the unchanged ones). */
export const unknownInFor = perObject((known: readonly string[]) => {
  const names = { set: new Set(known), list: known };
  return perObject((entry: PageEntry) => unknownIn(entry, names));
});
type Names = { set: ReadonlySet<string>; list: readonly string[] };

function unknownIn(entry: PageEntry, names: Names): Diagnostic[] {
  const out: Diagnostic[] = [];
  walk(entry.source.data, [], (text, path) => {
    for (const name of unknownNames(text, names)) {
      out.push(diagnostic('placeholder-unknown', { file: entry.file, ...entry.source.locate(path), path: formatPath(path) }, { name, known: names.list }));
    }
  });
  if (isMarkdownPage(entry)) out.push(...unknownInBody(entry, names));
  return out;
}

function* unknownNames(text: string, names: Names): Generator<string> {
  for (const match of text.matchAll(PLACEHOLDER)) if (!names.set.has(match[1]!)) yield match[1]!;
}

/** Placeholders of a page's Markdown that the theme fills in: in text, raw HTML, and a link's or image's address and title; never in code. */
function unknownInBody({ file, body }: MarkdownPageEntry, names: Names): Diagnostic[] {
  if (!body.text.includes('{')) return [];
  const tokens = bodyTokens(body);
  const places = markdownPlaces(body.text, body.line, tokens);
  const out: Diagnostic[] = [];
  eachToken(tokens, (token) => {
    const from = searchedFrom(token);
    if (from === undefined) return;
    for (const match of token.raw.slice(from).matchAll(PLACEHOLDER)) {
      if (names.set.has(match[1]!)) continue;
      out.push(diagnostic('placeholder-unknown', { file, ...places.of(token, from + match.index) }, { name: match[1]!, known: names.list }));
    }
  });
  return out;
}

/**
 * Where in a token's raw text its own placeholders start, or undefined when it has none of its own:
 * code is left as written, and a token with inner tokens has its text searched through them.
 */
function searchedFrom(token: Token): number | undefined {
  switch (token.type) {
    case 'code':
    case 'codespan':
      return undefined;
    case 'link': {
      // The text between the brackets is its inner tokens; the address and title follow "](".
      const end = token.raw.lastIndexOf('](');
      return end >= 0 ? end : undefined;
    }
    case 'image':
    case 'html':
    case 'escape':
      return 0;
    default:
      return 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0 ? undefined : token.type === 'text' ? 0 : undefined;
  }
}
