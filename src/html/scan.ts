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

// One pattern finds every tag the page has, so the engine's regex matcher does the walking:
// a comment (skipped), the start of a <script> or <style> element (its text is raw, skipped
// to its end tag), or any other start tag with its attributes. Only a tag's attributes are read
// as attributes: text between tags is text, even prose that reads ` href="/nowhere"` (a page's
// text keeps its quotes unescaped). Inside a tag, ATTRIBUTE takes one name and its value after
// another, so a value that reads like an attribute (`title="a onclick='b'"`) stays a value.
// Each alternative stops at the next `<`, so the scan is linear whatever the page holds (the rest of
// a tag's name is read as its first attribute, which no rule asks for).
const TOKEN = /<!--|<(script|style)(?=[\s/>])((?:[^<>"']|"[^"]*"|'[^']*')*)>|<[a-zA-Z]((?:[^<>"']|"[^"]*"|'[^']*')*)>/gi;
// Whether a tag may hold an attribute wanted here: most tags hold only classes and ids, and are read no further.
const WANTED = /(?:href|src|action|poster|srcset|style|on[a-z]+)\s*=/i;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function scanHtml(html: string): HtmlScan {
  const { urls, sets, blocks, inlineAttributes } = scanPiece(html);
  return { urls: [...urls, ...sets], blocks, inlineAttributes };
}

/**
 * The scan of a piece of a page, its srcset URLs apart: a page is often spliced
 * together from pieces (see src/render/shared-blocks.ts), and a piece many pages
 * share is scanned once (src/html/page-facts.ts). Pieces cut between elements
 * scan as the whole would, but for the page's srcset URLs coming after all its others.
 */
export interface PieceScan extends HtmlScan {
  /** The srcset candidates, which a page's scan lists after all its other URLs. */
  sets: HtmlScan['urls'];
}

export function scanPiece(html: string): PieceScan {
  const urls: HtmlScan['urls'] = [];
  const sets: HtmlScan['urls'] = [];
  const blocks: HtmlScan['blocks'] = [];
  const inlineAttributes: string[] = [];
  const token = new RegExp(TOKEN);
  for (let match = token.exec(html); match; match = token.exec(html)) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', token.lastIndex);
      token.lastIndex = end === -1 ? html.length : end + 3;
    } else if (match[1] !== undefined) {
      const tag = match[1].toLowerCase() as 'script' | 'style';
      const attributes = attributesOf(match[2]!);
      for (const [key, value] of attributes) {
        if (URL_ATTRIBUTES.has(key)) urls.push({ attribute: key, value });
        else if (isInline(key)) inlineAttributes.push(key);
      }
      const end = html.indexOf(`</${tag}`, token.lastIndex);
      const stop = end === -1 ? html.length : end;
      blocks.push({ tag, attributes, text: html.slice(token.lastIndex, stop) });
      token.lastIndex = stop;
    } else if (match[3] !== undefined && WANTED.test(match[3])) {
      for (const attribute of match[3].matchAll(ATTRIBUTE)) {
        const key = attribute[1]!.toLowerCase();
        const raw = attribute[2] ?? attribute[3];
        // Only quoted values: the page's writers (React, the sanitiser) quote every value they write.
        if (raw === undefined) continue;
        if (key === 'srcset') {
          for (const candidate of decodeAttribute(raw).split(',')) {
            const url = candidate.trim().split(/\s+/)[0];
            if (url) sets.push({ attribute: 'srcset', value: url });
          }
        } else if (isInline(key)) inlineAttributes.push(key);
        else if (URL_ATTRIBUTES.has(key)) urls.push({ attribute: key, value: decodeAttribute(raw) });
      }
    }
  }
  return { urls: detached(urls), sets: detached(sets), blocks, inlineAttributes };
}

/**
 * The same URLs with their text copied out of the page. A substring of a long string is a view
 * into it, so a kept URL would keep its whole page in memory: 80 kB per page, for the build's
 * length. Joined, the URLs are one new string; sliced again, views into that small one.
 */
function detached(urls: HtmlScan['urls']): HtmlScan['urls'] {
  const text = urls.map((url) => url.value).join('');
  let at = 0;
  return urls.map(({ attribute, value }) => ({ attribute, value: text.slice(at, (at += value.length)) }));
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'data-href']);

function isInline(attribute: string): boolean {
  return attribute === 'style' || /^on[a-z]+$/.test(attribute);
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) attributes.set(match[1]!.toLowerCase(), decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  return attributes;
}

/** The entities React writes in attribute values, decoded. */
export function decodeAttribute(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[name]!);
}
