// A content report over rendered pages: how many words each page has of its
// own, which two pages of a template read most alike, and how hard they read.
// Pure: rendered HTML in, figures out.
import { fleschKincaidGrade, jaccard, median, shingles } from './measures.ts';
import { mainBlocks } from './text.ts';
import { words } from '../words.ts';

export interface ReportPage {
  route: string;
  template: string;
  html: string;
}

export interface PageContent {
  route: string;
  template: string;
  /** Words of main content not shared with most pages of the same template. */
  words: number;
  grade: number;
}

export interface TemplateFigures {
  template: string;
  pages: number;
  minWords: number;
  minRoute: string;
  medianWords: number;
  maxWords: number;
  medianGrade: number;
  maxGrade: number;
  maxGradeRoute: string;
  /** The two pages of this template whose own words are most alike, if it has two. */
  mostSimilar: { a: string; b: string; score: number } | null;
}

export interface ContentReport {
  pages: PageContent[];
  templates: TemplateFigures[];
}

/**
 * A block on at least this share of a template's pages is the template's, not
 * the page's: the service cards on every location page, a shared call to action.
 */
const SHARED_SHARE = 0.5;

export function contentReport(input: readonly ReportPage[]): ContentReport {
  const byTemplate = new Map<string, { page: ReportPage; blocks: string[] }[]>();
  for (const page of input) {
    const list = byTemplate.get(page.template) ?? [];
    list.push({ page, blocks: mainBlocks(page.html) });
    byTemplate.set(page.template, list);
  }

  const pages: PageContent[] = [];
  const templates: TemplateFigures[] = [];
  for (const [template, list] of [...byTemplate].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const shared = sharedBlocks(list.map((entry) => entry.blocks));
    const own = list.map(({ page, blocks }) => {
      const kept = blocks.filter((block) => !shared.has(block));
      const tokens = kept.flatMap(words);
      return { route: page.route, kept, tokens, shingles: shingles(tokens) };
    });
    const contents = own.map((o) => ({ route: o.route, template, words: o.tokens.length, grade: round(fleschKincaidGrade(o.kept), 1) }));
    pages.push(...contents);

    let mostSimilar: TemplateFigures['mostSimilar'] = null;
    for (let i = 0; i < own.length; i++) {
      for (let j = i + 1; j < own.length; j++) {
        const score = jaccard(own[i]!.shingles, own[j]!.shingles);
        if (!mostSimilar || score > mostSimilar.score) mostSimilar = { a: own[i]!.route, b: own[j]!.route, score };
      }
    }
    const byWords = [...contents].sort((a, b) => a.words - b.words);
    const byGrade = [...contents].sort((a, b) => b.grade - a.grade);
    templates.push({
      template,
      pages: contents.length,
      minWords: byWords[0]?.words ?? 0,
      minRoute: byWords[0]?.route ?? '',
      medianWords: median(contents.map((c) => c.words)),
      maxWords: byWords.at(-1)?.words ?? 0,
      medianGrade: round(median(contents.map((c) => c.grade)), 1),
      maxGrade: byGrade[0]?.grade ?? 0,
      maxGradeRoute: byGrade[0]?.route ?? '',
      mostSimilar: mostSimilar && { ...mostSimilar, score: round(mostSimilar.score, 3) },
    });
  }
  return { pages, templates };
}

/** Blocks that appear on at least half the pages (of three or more). */
function sharedBlocks(pages: readonly string[][]): Set<string> {
  if (pages.length < 3) return new Set();
  const counts = new Map<string, number>();
  for (const blocks of pages) for (const block of new Set(blocks)) counts.set(block, (counts.get(block) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= pages.length * SHARED_SHARE).map(([block]) => block));
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
