// A post's Markdown, read into marked's tokens once per post: the images stage
// and the link rule look for the links in it, the raw HTML rule for its HTML,
// and the render turns the same tokens into HTML. A post of 50,000 links was
// read three times before.
import { Lexer, marked, type Token } from 'marked';
import type { PostEntry } from '../contracts/model.ts';
import { perObject } from '../memo.ts';

/** The tokens of Markdown, as marked.parse reads it (GitHub-flavoured). */
export function markdownTokens(markdown: string): Token[] {
  return new Lexer({ gfm: true }).lex(markdown);
}

/** The tokens of a post's body, once per post. Nobody may change them. */
export const bodyTokens = perObject((post: PostEntry): readonly Token[] => markdownTokens(post.body));

/** Calls `visit` with every token of `tokens` and of their children (inline tokens, list items), in the order written. */
export function eachToken(tokens: readonly Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    const children = (token as { tokens?: Token[] }).tokens ?? (token as { items?: Token[] }).items;
    if (children) eachToken(children, visit);
  }
}

/** A post's body as HTML, before it is held to the allow-list (src/html/content-html.ts). */
export function bodyHtml(post: PostEntry): string {
  // marked's parser reads the tokens and leaves them as they are.
  return marked.parser(bodyTokens(post) as Token[], { async: false, gfm: true });
}
