// HTML that comes from content (a page's Markdown, and the raw HTML an editor
// may write in it) is held to an allow-list: the elements and attributes a page
// needs, links and images with safe URLs, and nothing that runs or restyles:
// no scripts, event handlers, frames, styles, meta or base elements, forms,
// objects or embeds. The rule over Markdown (src/rules/unsafe-html.ts) refuses
// anything outside it at its line; the render holds every Markdown body's HTML to
// it as well, so nothing outside it reaches a page even so (contentHtml).
import sanitizeHtml from 'sanitize-html';
import { Parser } from 'htmlparser2';
import { decodeHTMLAttribute } from 'entities';
import launder from 'launder';
import { Renderer, type Tokens } from 'marked';
import type { MarkdownBody } from '../contracts/model.ts';
import { allTokens, bodyHtml, bodyTokens } from './markdown.ts';

// The most frequent elements of Markdown first: the sanitiser looks each start and end tag up in
// this list from its start (a list of 250,000 items spent a sixth of its time there).
const ELEMENTS = [
  'li',
  'p',
  'a',
  'td',
  'tr',
  'code',
  'em',
  'strong',
  'ul',
  'ol',
  'h2',
  'h3',
  'img',
  'source',
  'picture',
  'br',
  'h1',
  'h4',
  'h5',
  'h6',
  'hr',
  'blockquote',
  'pre',
  'b',
  'i',
  'del',
  's',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'kbd',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'th',
  'details',
  'summary',
  'span',
  'div',
  'input',
];

const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'srcset', 'alt', 'title', 'width', 'height'],
  source: ['srcset', 'type', 'media', 'sizes', 'width', 'height'],
  abbr: ['title'],
  ol: ['start', 'reversed'],
  th: ['align', 'colspan', 'rowspan', 'scope'],
  td: ['align', 'colspan', 'rowspan'],
  // A Markdown task list: a checkbox that cannot be ticked.
  input: ['type', 'checked', 'disabled'],
  // A fenced code block's language.
  code: ['class'],
};

const SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ELEMENTS,
  allowedAttributes: { ...ATTRIBUTES, input: [{ name: 'type', multiple: false, values: ['checkbox'] }, 'checked', 'disabled'] },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES, source: IMAGE_SCHEMES },
  allowProtocolRelative: false,
  // An input that is not a task list's checkbox is a field to type into, which a page's text has no use for.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/**
 * A page's Markdown body as HTML within the allow-list. A body with raw HTML in it goes
 * through the sanitiser. One without is written by marked's renderer, which escapes every
 * text and attribute and writes only elements of the allow-list, so the one thing left to
 * hold is the address of its links and images: kept or dropped as the sanitiser would (the
 * property test in content-html.test.ts compares the two on generated Markdown). The
 * sanitiser took a third of the time a long list spent in the engine.
 */
export function contentHtml(body: MarkdownBody): string {
  const holdsRawHtml = allTokens(bodyTokens(body)).some((token) => token.type === 'html');
  return holdsRawHtml ? safeContentHtml(bodyHtml(body)) : bodyHtml(body, new AddressRenderer());
}

/** marked's renderer, leaving out the address of a link or image that the sanitiser would remove. */
class AddressRenderer extends Renderer {
  override link(token: Tokens.Link): string {
    return withoutUnsafeAddress(super.link(token), '<a href="', SCHEMES);
  }

  override image(token: Tokens.Image): string {
    return withoutUnsafeAddress(super.image(token), '<img src="', IMAGE_SCHEMES);
  }
}

/**
 * `html` (one element, as marked writes it) without its first attribute when that is an address
 * the sanitiser would remove: empty, or one a browser would follow to a scheme outside `schemes`. The address is read as a browser reads it, entities decoded
 * (`&#106;avascript:` is `javascript:`), and judged by the sanitiser's own check.
 */
function withoutUnsafeAddress(html: string, start: string, schemes: string[]): string {
  if (!html.startsWith(start)) return html;
  const end = html.indexOf('"', start.length);
  // marked escapes every quote in an attribute; were one ever missing, the sanitiser reads the element.
  if (end < 0) return safeContentHtml(html);
  const address = decodeHTMLAttribute(html.slice(start.length, end));
  // The sanitiser also drops an empty address (as it drops every empty attribute but alt).
  if (address !== '' && !launder.naughtyHref(address, { allowedSchemes: schemes, allowProtocolRelative: false })) return html;
  // `<a href="…"` becomes `<a`: the element stays, without the attribute.
  return start.slice(0, start.indexOf(' ')) + html.slice(end + 1);
}

/** `html` with everything outside the allow-list removed (the text of a removed harmless element stays). HTML nested past MAX_HTML_DEPTH is shown as text. */
export function safeContentHtml(html: string): string {
  // The rule over raw HTML refuses such a page; until then its HTML is text, read in linear time.
  if (htmlTooDeep(html) !== undefined) return `<p>${html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
  return sanitizeHtml(html, OPTIONS);
}

/** Elements raw HTML in content may nest: a page rarely nests five. */
export const MAX_HTML_DEPTH = 100;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
// A comment is skipped whole (tags written inside it open nothing); the rest are start and end tags.
const TAG_OR_COMMENT = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][^\s/>]*)/g;

/** Elements whose content the parser reads as text, not tags. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

// The start tags that close open elements by themselves, as htmlparser2 (under the sanitiser and the
// rules) reads them: a <li> closes the <li> before it, a <p> or a block closes an open <p>, ...
const P = ['p'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const IMPLIED_CLOSE = new Map<string, ReadonlySet<string>>(
  Object.entries({
    tr: ['tr', 'th', 'td'],
    th: ['th'],
    td: ['thead', 'th', 'td'],
    body: ['head', 'link', 'script'],
    a: ['a'],
    li: ['li'],
    p: P,
    h1: HEADINGS,
    h2: HEADINGS,
    h3: HEADINGS,
    h4: HEADINGS,
    h5: HEADINGS,
    h6: HEADINGS,
    select: FORM,
    input: FORM,
    output: FORM,
    button: FORM,
    datalist: FORM,
    textarea: FORM,
    option: ['option'],
    optgroup: ['optgroup', 'option'],
    dd: ['dd', 'dt'],
    dt: ['dd', 'dt'],
    rt: ['rt', 'rp'],
    rp: ['rt', 'rp'],
    tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
    ...Object.fromEntries(
      [
        'address',
        'article',
        'aside',
        'blockquote',
        'details',
        'div',
        'dl',
        'fieldset',
        'figcaption',
        'figure',
        'footer',
        'form',
        'header',
        'hr',
        'main',
        'nav',
        'ol',
        'pre',
        'section',
        'table',
        'ul',
      ].map((name) => [name, P]),
    ),
  }).map(([name, closes]) => [name, new Set(closes)]),
);

/**
 * Where HTML opens its element past `limit` (MAX_HTML_DEPTH) levels, or undefined.
 * htmlparser2, under the sanitiser and the rules, keeps its open elements at the front
 * of an array, so each start tag costs as many steps as there are open elements: 200,000
 * of them took forty seconds. This follows the same stack as the parser does (a start tag
 * that closes others by itself, an end tag that closes up to its element, a stray end tag
 * that closes nothing), in linear time: the stack it keeps never passes `limit` + 1.
 */
export function htmlTooDeep(html: string, limit = MAX_HTML_DEPTH): number | undefined {
  if (!html.includes('<')) return undefined;
  const open: string[] = [];
  const tags = new RegExp(TAG_OR_COMMENT.source, 'g');
  for (let match = tags.exec(html); match !== null; match = tags.exec(html)) {
    if (match[2] === undefined) continue;
    const name = match[2].toLowerCase();
    if (!match[1] && RAW_TEXT.has(name)) {
      // What such an element holds is text to the parser, up to its end tag: no tag in it opens anything.
      const endTag = new RegExp(`</${name}`, 'gi');
      endTag.lastIndex = tags.lastIndex;
      const end = name === 'plaintext' ? null : endTag.exec(html);
      tags.lastIndex = end === null ? html.length : end.index;
    }
    if (match[1]) {
      // An end tag closes its element and everything opened inside it; one with nothing to close does nothing.
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
      continue;
    }
    const closes = IMPLIED_CLOSE.get(name);
    if (closes) while (open.length > 0 && closes.has(open.at(-1)!)) open.pop();
    if (VOID_ELEMENTS.has(name)) continue;
    open.push(name);
    if (open.length > limit) return match.index;
  }
  return undefined;
}

/** Something in raw HTML the allow-list does not have, and where it starts in that HTML. */
export interface UnsafePart {
  element: string;
  /** The attribute, when the element is allowed and one of its attributes is not. */
  attribute?: string;
  offset: number;
}

/** The elements and attributes of a piece of raw HTML outside the allow-list, in order. */
export function unsafeParts(html: string): UnsafePart[] {
  const found: UnsafePart[] = [];
  // Where each attribute of the tag being read starts: the parser says so as it reads each one.
  let places = new Map<string, number>();
  const parser = new Parser(
    {
      onattribute(name) {
        const key = name.toLowerCase();
        if (!places.has(key)) places.set(key, parser.startIndex);
      },
      onopentag(name, attributes) {
        const element = name.toLowerCase();
        const start = parser.startIndex;
        const at = places;
        places = new Map();
        // An input is a task list's checkbox or nothing a page's text needs.
        if (!ELEMENTS.includes(element) || (element === 'input' && attributes.type?.toLowerCase() !== 'checkbox')) {
          found.push({ element, offset: start });
          return;
        }
        for (const attribute of Object.keys(attributes)) {
          const key = attribute.toLowerCase();
          if (allowedAttribute(element, key, attributes[attribute]!)) continue;
          found.push({ element, attribute: key, offset: at.get(key) ?? start });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** An attribute of raw HTML that holds a URL, and where it is written in that HTML. */
export interface UrlAttribute {
  attribute: 'href' | 'src';
  value: string;
  offset: number;
}

/**
 * The href and src attributes of the tags of a piece of raw HTML, entities decoded,
 * as a browser reads them: text between the tags is text, even when it reads
 * `href="/x"`, and a comment is a comment.
 */
export function urlAttributes(html: string): UrlAttribute[] {
  const found: UrlAttribute[] = [];
  // The raw HTML rule refuses HTML nested this deeply; it is not read.
  if (htmlTooDeep(html) !== undefined) return found;
  const parser = new Parser(
    {
      onattribute(name, value) {
        const key = name.toLowerCase();
        if (key === 'href' || key === 'src') found.push({ attribute: key, value, offset: parser.startIndex });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

function allowedAttribute(element: string, attribute: string, value: string): boolean {
  if (!(ATTRIBUTES[element] ?? []).includes(attribute)) return false;
  if (element === 'input' && attribute === 'type') return value.toLowerCase() === 'checkbox';
  if (element === 'code' && attribute === 'class') return value.split(/\s+/).every((name) => name === '' || name.startsWith('language-'));
  return true;
}
