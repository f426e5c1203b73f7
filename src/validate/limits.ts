// Limits on what one content file may hold, so that no file, however written,
// can exhaust the engine: the parsers and the Markdown renderer recurse into
// nested structures, and a schema check of a huge value takes its time. Each
// limit is far above what a real page needs.

/** Characters in one content file: a long article is some 30,000. */
export const MAX_FILE_CHARACTERS = 1_000_000;

/** Bytes read of one page or site.yaml: the most MAX_FILE_CHARACTERS can take in UTF-8 (a larger file is refused unread). */
export const MAX_FILE_BYTES = 4 * MAX_FILE_CHARACTERS;

/** Bytes read of one file under static/: a photo straight from a camera is some 10 MB; the CDNs refuse files over 25 MiB. */
export const MAX_STATIC_BYTES = 100 * 1024 * 1024;

/** Levels of quotes and lists nested in a page's Markdown: a page rarely needs three. */
export const MAX_MARKDOWN_DEPTH = 20;

/**
 * The deepest nesting of block quotes and list items in Markdown, and the first line
 * (1-based, in `body`) that reaches it. Counts the markers that open a line (`>`, `-`,
 * `*`, `+`, `1.`) and, on a line that opens with one, its indentation, two spaces a
 * level, as Markdown nests lists. Lines inside fenced code are text, not nesting.
 */
export function markdownDepth(body: string): { depth: number; line: number } {
  let deepest = { depth: 0, line: 0 };
  let line = 0;
  let fence: string | undefined;
  for (const text of body.split('\n')) {
    line++;
    const opening = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence !== undefined) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening;
      continue;
    }
    const lead = /^[ \t>*+\-\d.)]*/.exec(text)![0];
    const markers = (lead.match(/>|(?:^|[\s>])(?:[-*+]|\d{1,9}[.)])(?=\s|$)/g) ?? []).length;
    const indent = markers > 0 ? Math.floor(/^[ \t]*/.exec(text)![0].replace(/\t/g, '    ').length / 2) : 0;
    const depth = markers + indent;
    if (depth > deepest.depth) deepest = { depth, line };
  }
  return deepest;
}
