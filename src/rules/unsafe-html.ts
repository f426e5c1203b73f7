// Raw HTML in Markdown is held to the allow-list of src/html/content-html.ts: a
// <script>, an <iframe>, a <style>, an onclick= or a style= written in a page's
// Markdown is refused at its line, so it can neither run script nor restyle the site
// (the render removes anything outside the list all the same). Raw HTML anywhere
// in the Markdown counts: in a paragraph, a quote, a list item or a table cell.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { markdownPages, type MarkdownPageEntry, type SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { bodyTokens, eachToken, markdownPlaces } from '../html/markdown.ts';
import { htmlTooDeep, MAX_HTML_DEPTH, unsafeParts } from '../html/content-html.ts';

export function unsafeHtml(model: SiteModel): Diagnostic[] {
  return markdownPages(model).flatMap(unsafeHtmlInBody);
}

export const unsafeHtmlInBody = perObject(({ file, body }: MarkdownPageEntry): Diagnostic[] => {
  const found: Diagnostic[] = [];
  const tokens = bodyTokens(body);
  const places = markdownPlaces(body.text, body.line, tokens);
  eachToken(tokens, (token) => {
    if (token.type !== 'html' || typeof token.raw !== 'string') return;
    const deep = htmlTooDeep(token.raw);
    if (deep !== undefined) {
      found.push(diagnostic('html-too-deep', { file, ...places.of(token, deep) }, { limit: MAX_HTML_DEPTH }));
      return;
    }
    for (const part of unsafeParts(token.raw)) {
      found.push(diagnostic('unsafe-html', { file, ...places.of(token, part.offset) }, part));
    }
  });
  return found;
});
