// One pass over a rendered page that finds what the output rules and the
// security policy ask of it: the URLs its attributes hold, its inline <script>
// and <style> blocks, and inline style and event-handler attributes. A tag
// scanner, not a DOM: pages are large and many, and every fact wanted here is
// in a start tag or right after one. Linear in the page's length.

export interface HtmlScan {
  /** URLs in href, src, action, poster and data-href attributes, in document order, then each srcset candidate. */
  urls: { attribute: string; value: string }[];
  /** Each <script> and <style> element: its attributes and raw text. */
  blocks: { tag: 'script' | 'style'; attributes: ReadonlyMap<string, string>; text: string }[];
  /** Names of style and on… attributes, in document order. */
  inlineAttributes: string[];
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'data-href']);
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const SPACE = /[\s/]*/y;

export function scanHtml(html: string): HtmlScan {
  const urls: HtmlScan['urls'] = [];
  const sets: HtmlScan['urls'] = [];
  const blocks: HtmlScan['blocks'] = [];
  const inlineAttributes: string[] = [];
  let at = 0;
  while ((at = html.indexOf('<', at)) !== -1) {
    const next = html.charCodeAt(at + 1);
    if (next === 33 /* ! */) {
      // A comment, or the doctype.
      const end = html.startsWith('<!--', at) ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG_NAME.lastIndex = at + 1;
    const name = TAG_NAME.exec(html)?.[0].toLowerCase();
    if (name === undefined) {
      at++;
      continue;
    }
    at = TAG_NAME.lastIndex;
    const attributes = name === 'script' || name === 'style' ? new Map<string, string>() : undefined;
    for (;;) {
      SPACE.lastIndex = at;
      SPACE.exec(html);
      at = SPACE.lastIndex;
      if (at >= html.length || html.charCodeAt(at) === 62 /* > */) break;
      ATTRIBUTE.lastIndex = at;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute) {
        at++;
        continue;
      }
      at = ATTRIBUTE.lastIndex;
      const key = attribute[1]!.toLowerCase();
      const value = decodeAttribute(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      attributes?.set(key, value);
      if (URL_ATTRIBUTES.has(key)) urls.push({ attribute: key, value });
      else if (key === 'srcset') {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) sets.push({ attribute: 'srcset', value: url });
        }
      } else if (key === 'style' || /^on[a-z]+$/.test(key)) inlineAttributes.push(key);
    }
    at++;
    if (attributes) {
      // Raw text: nothing inside is a tag, up to the element's own end tag.
      const end = html.indexOf(`</${name}`, at);
      const stop = end === -1 ? html.length : end;
      blocks.push({ tag: name as 'script' | 'style', attributes, text: html.slice(at, stop) });
      at = stop;
    }
  }
  return { urls: [...urls, ...sets], blocks, inlineAttributes };
}

/** The entities React writes in attribute values, decoded. */
export function decodeAttribute(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) =>
    ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[name]!,
  );
}
