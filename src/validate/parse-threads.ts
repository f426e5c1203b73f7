// Parsing YAML on more than one core (see src/threads.ts). Parsing is the
// slowest part of validating a site the parse cache has not seen (a first
// build, a new checkout): with thousands of files, the texts not in the cache
// are shared out, each thread parses its share, and the values of the clean
// ones go into the cache, where validation then finds them. What validation
// does with a text is the same either way; a text with a problem is parsed
// again there, where its diagnostics are made.
import type { LoadedContent } from '../load/load.ts';
import { REDIRECTS_FILES } from '../contracts/project.ts';
import { serve, type Thread } from '../threads.ts';
import { parseYaml, splitFrontMatter, type ParseCache } from './yaml.ts';
import { quickYamlValue } from './quick-yaml.ts';

const ROLE = 'site-parse-thread';

/**
 * From this many texts missing from the cache, parsing is shared out. Plain texts are read quickly
 * (see quick-yaml.ts), so below this the threads would not have started before this one finished.
 */
export const THREADED_PARSES = 2_000;

interface ParseTask {
  role: typeof ROLE;
  texts: string[];
}

/** The value of each text, or undefined where it did not parse cleanly. */
type ParseResult = unknown[];

/**
 * Parses the YAML texts of `content` missing from `cache` on `threads` (and this one), and puts the
 * values of those that parse cleanly into the cache. Returns how many it parsed.
 */
export async function warmParseCache(content: LoadedContent, cache: ParseCache, threads: readonly Thread[]): Promise<number> {
  const texts = yamlTexts(content).filter((text) => cache.get(text) === undefined);
  if (threads.length === 0 || texts.length < THREADED_PARSES) return 0;
  const count = threads.length + 1;
  const share = (index: number) => texts.filter((_, position) => position % count === index);
  const others = Promise.all(threads.map((thread, i) => {
    const task: ParseTask = { role: ROLE, texts: share(i + 1) };
    return thread.run<ParseResult>(task).then((values) => ({ texts: task.texts, values }));
  }));
  const settled = others.then((results) => ({ results }), (error: unknown) => ({ error }));
  // This thread's share: parsed with the cache, which keeps the clean ones.
  for (const text of share(0)) parseYaml('', text, 0, cache);
  const other = await settled;
  if ('error' in other) throw other.error;
  for (const { texts: theirs, values } of other.results) {
    theirs.forEach((text, i) => {
      if (values[i] !== undefined) cache.set(text, values[i]);
    });
  }
  return texts.length;
}

/** The texts validation parses with the cache: site.yaml, each page file, each post's front matter. */
function yamlTexts(content: LoadedContent): string[] {
  const texts = content.site && !content.site.encoding ? [content.site.text] : [];
  for (const source of content.pages) {
    if (source.encoding || REDIRECTS_FILES.includes(source.file)) continue;
    if (source.file.endsWith('.md')) {
      const front = splitFrontMatter(source.text)?.front;
      if (front !== undefined) texts.push(front);
    } else texts.push(source.text);
  }
  return texts;
}

serve(ROLE, (task: ParseTask): ParseResult => task.texts.map((text) => {
  const quick = quickYamlValue(text);
  if (quick !== undefined) return quick;
  const parsed = parseYaml('', text);
  return parsed.diagnostics.length === 0 ? parsed.data : undefined;
}));
