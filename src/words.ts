// What a word is, once for the whole engine: read times and word counts of
// Markdown pages, and the content report's measures (shingles, reading grade) all count
// the same words.

/**
 * A word: a run of letters or digits. Apostrophes inside it belong to it
 * (don't, O’Neill), and so do periods and commas between digits or letters
 * (3.5, 1,000, e.g); a hyphen separates two words (hand-held is two).
 */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’]|[.,](?=[\p{L}\p{N}]))*/gu;

/** The words of a plain text, lower-cased, in order. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * Words a reader reads in a Markdown body: link targets, markup and HTML tags do not count.
 * Each pattern stops at the character that starts its next match (a tag at the next `<`, a
 * link target at the next `]`), so a text of unclosed `<a<a<a…` is read once, not once per `<`
 * (400 kB of it took 31 seconds).
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<[^<>]+>/g, ' ')
    .replace(/\]\([^)\]]*\)/g, ']')
    .replace(/[#*_>`~[\]|-]+/g, ' ');
  return words(text).length;
}
