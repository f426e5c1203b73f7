// Text inside XML elements and attributes, for the sitemap and the feed.
import { UnwritableValue } from './unwritable.ts';

/**
 * Characters XML 1.0 does not allow in a document at all, escaped or not: C0
 * controls other than tab, line feed and carriage return; U+FFFE and U+FFFF;
 * and lone surrogates (half a character, which UTF-8 cannot encode). One of
 * them makes the whole file unreadable to every XML parser. The hidden-character
 * rule (src/rules/hidden-characters.ts) refuses each of them in content.
 */
export const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Escapes the five characters with a meaning in markup; for HTML, where a stray control character is no parse failure. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/**
 * A value as XML text or attribute content that a parser reads back exactly:
 * markup characters escaped, and tab, line feed and carriage return as
 * character references (a parser would turn a written carriage return into a
 * line feed, and in an attribute any of the three into a space). `what` names
 * the value if it holds a character XML forbids, which is refused, never dropped.
 */
export function xmlText(file: string, what: string, value: string): string {
  if (XML_FORBIDDEN.test(value)) throw new UnwritableValue(file, what, value);
  return escapeXml(value).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}
