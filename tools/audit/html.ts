// The facts the gates read from a page's HTML, in one pass with htmlparser2
// (what the engine itself depends on). Pure: a string in, plain data out.

import { Parser } from 'htmlparser2';

/** A URL the page refers to, with where it was found. */
export interface Reference {
  /** Element and attribute, e.g. `a[href]`, `img[srcset]`, `meta[og:image]`. */
  where: string;
  /** The URL as written (entities decoded). */
  value: string;
}

export interface ScriptTag {
  src: string | null;
  /** The type attribute, lower-cased; `''` when absent. */
  type: string;
  async: boolean;
  defer: boolean;
  integrity: string | null;
  inHead: boolean;
  /** Inline text (empty for external scripts). */
  text: string;
}

export interface StylesheetLink {
  href: string;
  media: string | null;
  inHead: boolean;
}

export interface HtmlFacts {
  references: Reference[];
  /** Every `id`, and `name` of `<a>`: the targets a `#fragment` can reach. */
  ids: Set<string>;
  scripts: ScriptTag[];
  stylesheets: StylesheetLink[];
  /** Text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** `<form>` actions as written (`''` when absent: the page itself). */
  formActions: string[];
  /** `<meta http-equiv>` name (lower-case) → content values. */
  httpEquiv: Map<string, string[]>;
  /** The Open Graph type the page declares (`<meta property="og:type">`), e.g. `article`; null when it declares none. */
  ogType: string | null;
}

/** Attributes that hold one URL, per element. */
const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  script: ['src'],
  source: ['src'],
  iframe: ['src'],
  embed: ['src'],
  track: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  object: ['data'],
  input: ['src'],
  use: ['href', 'xlink:href'],
  image: ['href', 'xlink:href'],
};

/** Meta tags whose content is a URL that crawlers and share previews fetch. */
const URL_METAS = new Set(['og:image', 'og:url', 'twitter:image', 'og:image:secure_url']);

export function scanHtml(html: string): HtmlFacts {
  const facts: HtmlFacts = { references: [], ids: new Set(), scripts: [], stylesheets: [], jsonLd: [], formActions: [], httpEquiv: new Map(), ogType: null };
  let inHead = false;
  let openScript: ScriptTag | null = null;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'head') inHead = true;
        if (name === 'body') inHead = false;
        if (attrs.id !== undefined && attrs.id !== '') facts.ids.add(attrs.id);
        if (name === 'a' && attrs.name) facts.ids.add(attrs.name);

        for (const attr of URL_ATTRIBUTES[name] ?? []) {
          const value = attrs[attr];
          // <link rel=preconnect|dns-prefetch> names an origin, not a resource to fetch as a page.
          if (value !== undefined && !(name === 'link' && /\b(preconnect|dns-prefetch)\b/i.test(attrs.rel ?? ''))) {
            facts.references.push({ where: `${name}[${attr}]`, value });
          }
        }
        for (const attr of ['srcset', 'imagesrcset']) {
          if (attrs[attr] !== undefined) for (const url of srcsetUrls(attrs[attr]!)) facts.references.push({ where: `${name}[${attr}]`, value: url });
        }
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
          if (URL_METAS.has(key) && attrs.content) facts.references.push({ where: `meta[${key}]`, value: attrs.content });
          if (key === 'og:type' && attrs.content !== undefined) facts.ogType = attrs.content.trim().toLowerCase();
          const equiv = attrs['http-equiv']?.toLowerCase();
          if (equiv && attrs.content !== undefined) facts.httpEquiv.set(equiv, [...(facts.httpEquiv.get(equiv) ?? []), attrs.content]);
        }
        if (name === 'form') facts.formActions.push(attrs.action ?? '');
        if (name === 'link' && /(^|\s)stylesheet(\s|$)/i.test(attrs.rel ?? '')) {
          facts.stylesheets.push({ href: attrs.href ?? '', media: attrs.media ?? null, inHead });
        }
        if (name === 'script') {
          openScript = {
            src: attrs.src ?? null,
            type: (attrs.type ?? '').trim().toLowerCase(),
            async: attrs.async !== undefined,
            defer: attrs.defer !== undefined,
            integrity: attrs.integrity ?? null,
            inHead,
            text: '',
          };
        }
      },
      ontext(text) {
        if (openScript) openScript.text += text;
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (name === 'script' && openScript) {
          facts.scripts.push(openScript);
          if (openScript.type === 'application/ld+json') facts.jsonLd.push(openScript.text);
          openScript = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}

/**
 * The URLs of a `srcset`, parsed as the HTML standard does: a URL runs to the
 * next whitespace (a comma ending it ends the candidate), then descriptors run
 * to the next comma. So commas inside URLs survive, as browsers read them.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i]!)) i++;
    const start = i;
    while (i < srcset.length && !/\s/.test(srcset[i]!)) i++;
    let url = srcset.slice(start, i);
    if (url === '') break;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      while (i < srcset.length && srcset[i] !== ',') i++;
    }
    urls.push(url);
  }
  return urls;
}
