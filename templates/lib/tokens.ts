// Placeholders in page text. Prose in YAML may contain `{name}` where name is a
// claim (see claims.ts) or one of the business facts below. The schema's pattern
// accepts only known names, so a misspelt placeholder is a validation error in
// the editor and in the build, never a literal "{googleReviewz}" on the page.
import { Type, type StringOptions } from '@sinclair/typebox';
import { Parser } from 'htmlparser2';
import { claimKeys, type Claims, type ClaimKey } from './claims.ts';

/** Facts from site.yaml that text may name, beside the claims. */
export const factTokens = {
  business: 'the business name',
  phone: "this page's phone number, as a tap-to-call link (the Toronto number on /toronto pages)",
  officePhone: 'the office number, as a tap-to-call link',
  hours: "this page's office hours, e.g. Mon-Fri 7AM-6PM",
  emergencyHours: 'emergency availability, e.g. 24/7',
} as const;

export type FactToken = keyof typeof factTokens;
export type TokenName = ClaimKey | FactToken;

export const tokenNames: readonly TokenName[] = [...claimKeys, ...(Object.keys(factTokens) as FactToken[])];

// Runs of plain text between known placeholders: matching a run at once, rather than one character at a time as
// an alternation would, made checking every page's text at 10,000 pages about four times faster.
const textPattern = `^[^{}]*(?:\\{(?:${tokenNames.join('|')})\\}[^{}]*)*$`;
const textHelp =
  'text whose braces hold only known placeholders: ' + tokenNames.map((name) => `{${name}}`).join(', ') + ' (the claims are set in site.yaml under claims:)';

/**
 * A piece of prose that may name claims and facts with `{placeholders}`. The
 * list of placeholders is always part of the description, because the engine
 * quotes the description when the pattern fails.
 */
export function Text({ description, ...options }: StringOptions = {}) {
  return Type.String({
    minLength: 1,
    pattern: textPattern,
    description: description ? `${description.replace(/\.$/, '')}; ${textHelp}` : textHelp,
    ...options,
  });
}

/** A phone number as templates use it. */
export interface PhoneLink {
  /** The printed form, e.g. `(416) 555-0100`. */
  display: string;
  /** The `tel:` URL, e.g. `tel:+14165550100`. */
  href: string;
}

/** The values placeholders resolve to on one page. */
export interface TokenValues {
  claims: Claims;
  business: string;
  phone: PhoneLink;
  officePhone: PhoneLink;
  hours: string;
  emergencyHours: string;
}

/** A piece of resolved text: plain words, or a phone number to render as a link. */
export type Segment = string | { phone: PhoneLink };

const placeholder = /\{([A-Za-z]+)\}/g;

function valueOf(name: string, values: TokenValues): Segment {
  if ((claimKeys as string[]).includes(name)) return values.claims[name as ClaimKey];
  switch (name) {
    case 'business':
      return values.business;
    case 'hours':
      return values.hours;
    case 'emergencyHours':
      return values.emergencyHours;
    case 'phone':
      return { phone: values.phone };
    case 'officePhone':
      return { phone: values.officePhone };
    default:
      // The engine refuses an unknown name where it is written (the theme's `placeholders`), so the
      // build stops before this page ships; the braces stay as written rather than failing the page
      // a second time without a line.
      return `{${name}}`;
  }
}

/** Splits text into plain strings and phone links, resolving every placeholder. */
export function segments(text: string, values: TokenValues): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push(valueOf(match[1]!, values));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Resolves placeholders to plain text (phones in their printed form), for titles, attributes and structured data. */
export function resolveText(text: string, values: TokenValues): string {
  return segments(text, values)
    .map((s) => (typeof s === 'string' ? s : s.phone.display))
    .join('');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Resolves the placeholders of HTML that content wrote (a post's body, held to the
 * allow-list), each as text escaped for where it stands, read from the HTML's own
 * structure: in text, a value as text and a phone as a tap-to-call link (its printed
 * form inside another link, which cannot hold one); in an attribute value (a link's
 * title, an image's alt), as plain text escaped for the attribute, so no value can
 * close the attribute or open a tag; inside code, not at all: code shows what is
 * written, `{braces}` included.
 */
export function resolveHtml(html: string, values: TokenValues): string {
  if (!html.includes('{')) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  let inLink = 0;
  let inCode = 0;
  const edit = (start: number, end: number, resolve: (raw: string) => string) => {
    const raw = html.slice(start, end + 1);
    if (raw.includes('{')) edits.push({ start, end: end + 1, text: resolve(raw) });
  };
  const parser = new Parser(
    {
      onopentag(name) {
        // The sanitiser writes only allowed names, so braces in a tag are in its values, which it double-quotes.
        edit(parser.startIndex, parser.endIndex, (raw) => raw.replace(placeholder, (written) => escapeHtml(resolveText(written, values))));
        if (name === 'a') inLink++;
        if (name === 'code' || name === 'pre') inCode++;
      },
      onclosetag(name) {
        if (name === 'a') inLink = Math.max(0, inLink - 1);
        if (name === 'code' || name === 'pre') inCode = Math.max(0, inCode - 1);
      },
      ontext() {
        if (inCode > 0) return;
        edit(parser.startIndex, parser.endIndex, (raw) =>
          raw.replace(placeholder, (written) =>
            segments(written, values)
              .map((s) =>
                typeof s === 'string'
                  ? escapeHtml(s)
                  : inLink > 0
                    ? escapeHtml(s.phone.display)
                    : `<a class="tel" href="${escapeHtml(s.phone.href)}">${escapeHtml(s.phone.display)}</a>`,
              )
              .join(''),
          ),
        );
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  let out = '';
  let last = 0;
  for (const { start, end, text } of edits) {
    out += html.slice(last, start) + text;
    last = end;
  }
  return out + html.slice(last);
}
