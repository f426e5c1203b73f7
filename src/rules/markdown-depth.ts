// Markdown nested past MAX_MARKDOWN_DEPTH levels (emphasis in emphasis, quotes
// in lists...) is read as plain text from that level on, and emphasis marks whose
// searches for a closer would read too much, and lists whose items run on for too many
// lines not indented under them, are kept as text (src/html/markdown.ts),
// so no page can exhaust the engine's stack or time; this rule refuses such a page
// at the line where the limit is passed.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { markdownPages, type MarkdownPageEntry, type SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import type { Token } from 'marked';
import { bodyTokens, eachToken, isLongItem, isOverread, isTooDeep, LAZY_LINES, markdownPlaces } from '../html/markdown.ts';
import { MAX_MARKDOWN_DEPTH } from '../validate/limits.ts';

export function markdownTooDeep(model: SiteModel): Diagnostic[] {
  return markdownPages(model).flatMap(tooDeepInBody);
}

/** The first place in a page's Markdown where it nests too deeply, and the first where it opens too much: one message of each is enough to find them. */
export const tooDeepInBody = perObject(({ file, body }: MarkdownPageEntry): Diagnostic[] => {
  const tokens = bodyTokens(body);
  const at = (token: Token) => ({ file, ...markdownPlaces(body.text, body.line, tokens).of(token) });
  let deep: Diagnostic | undefined;
  let open: Diagnostic | undefined;
  let long: Diagnostic | undefined;
  eachToken(tokens, (token) => {
    if (!long && isLongItem(token)) long = diagnostic('markdown-long-item', at(token), { limit: LAZY_LINES });
    if (!deep && isTooDeep(token)) deep = diagnostic('markdown-too-deep', at(token), { limit: MAX_MARKDOWN_DEPTH });
    if (!open && isOverread(token)) open = diagnostic('markdown-unclosed', at(token));
  });
  return [...(deep ? [deep] : []), ...(open ? [open] : []), ...(long ? [long] : [])];
});
