// Word counts of Markdown bodies, for read times and content reports.

/** Words a reader reads: link targets, markup and HTML tags do not count. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_>`~[\]|-]+/g, ' ');
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,]*/gu)?.length ?? 0;
}
