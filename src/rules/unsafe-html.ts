// Raw HTML in a post is held to the allow-list of src/html/content-html.ts: a
// <script>, an <iframe>, a <style>, an onclick= or a style= written in a post
// is refused at its line, so a post can neither run script nor restyle the site
// (the render removes anything outside the list all the same).
import type { Token } from 'marked';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PostEntry, SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { bodyTokens, eachToken } from '../html/markdown.ts';
import { unsafeParts } from '../html/content-html.ts';
import { bodyPosition } from './content-sources.ts';

export function unsafeHtml(model: SiteModel): Diagnostic[] {
  return model.posts.flatMap(unsafeHtmlInPost);
}

const unsafeHtmlInPost = perObject((post: PostEntry): Diagnostic[] => {
  const found: Diagnostic[] = [];
  let cursor = 0;
  for (const raw of rawHtml(bodyTokens(post))) {
    const at = post.body.indexOf(raw, cursor);
    if (at < 0) continue;
    cursor = at + raw.length;
    for (const part of unsafeParts(raw)) {
      found.push(diagnostic('unsafe-html', { file: post.file, ...bodyPosition(post.body, post.bodyLine, at + part.offset) }, part));
    }
  }
  return found;
});

/** The raw HTML of a post's tokens, in the order it is written. */
function rawHtml(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  eachToken(tokens, (token) => {
    if (token.type === 'html' && typeof token.raw === 'string') out.push(token.raw);
  });
  return out;
}
