// Data written into the page inside a <script> element (structured data).

/** JSON for a `<script type="application/ld+json">`, safe against a `</script>` inside a string. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
