// Markdown nested past MAX_MARKDOWN_DEPTH levels (emphasis in emphasis, links
// in images, quotes in lists...) is read as plain text from that level on
// (src/html/markdown.ts), so no post can exhaust the engine's stack; this rule
// refuses such a post at the line where the limit is passed.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PostEntry, SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { bodyTokens, eachToken, isTooDeep, markdownPlaces } from '../html/markdown.ts';
import { MAX_MARKDOWN_DEPTH } from '../validate/limits.ts';

export function markdownTooDeep(model: SiteModel): Diagnostic[] {
  return model.posts.flatMap(tooDeepInPost);
}

/** The first place in a post where its Markdown nests too deeply: one message is enough to find it. */
const tooDeepInPost = perObject((post: PostEntry): Diagnostic[] => {
  const tokens = bodyTokens(post);
  let first: Diagnostic | undefined;
  eachToken(tokens, (token) => {
    if (first || !isTooDeep(token)) return;
    first = diagnostic('markdown-too-deep', { file: post.file, ...markdownPlaces(post.body, post.bodyLine, tokens).of(token) }, { limit: MAX_MARKDOWN_DEPTH });
  });
  return first ? [first] : [];
});
