// The measures of a content report: similarity of two texts, and reading grade.
import { syllable } from 'syllable';
import { words } from '../words.ts';

/** The set of `size`-word runs of a text, the unit of near-duplicate detection. */
export function shingles(tokens: readonly string[], size = 5): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= tokens.length; i++) out.add(tokens.slice(i, i + size).join(' '));
  return out;
}

/** Shared shingles over all shingles: 0 for unrelated texts, 1 for the same text. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Flesch-Kincaid grade level of blocks of text. Each block ends a sentence
 * (a heading or list item has no full stop but is read as one).
 */
export function fleschKincaidGrade(blocks: readonly string[]): number {
  let sentences = 0;
  let wordCount = 0;
  let syllables = 0;
  for (const block of blocks) {
    const parts = block.split(/(?<=[.!?])\s+/).filter((s) => words(s).length > 0);
    sentences += parts.length;
    for (const word of words(block)) {
      wordCount++;
      syllables += /^\d/.test(word) ? 1 : Math.max(1, syllable(word));
    }
  }
  if (wordCount === 0 || sentences === 0) return 0;
  return 0.39 * (wordCount / sentences) + 11.8 * (syllables / wordCount) - 15.59;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
