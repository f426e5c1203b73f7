// Data written into the page inside a <script> element (structured data).

/**
 * JSON for a `<script type="application/ld+json">` that the HTML parser hands
 * back whole and JSON.parse reads as `value`: `<`, `>` and `&` are written as
 * \u escapes, so no `</script>` or `<!--` inside a string can end or bend the
 * element, and U+2028 and U+2029 too, which older JavaScript parsers take for
 * line breaks. JSON.stringify already escapes lone surrogates. A value JSON
 * cannot hold (a function, undefined at the top) is a bug in the theme.
 */
export function jsonForScript(value: unknown): string {
  const json: string | undefined = JSON.stringify(value);
  if (json === undefined) throw new TypeError('structured data must be a JSON value');
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
