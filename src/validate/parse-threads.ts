// Parsing YAML on more than one core (see src/threads.ts). Parsing is the
// slowest part of validating a site the parse cache has not seen (a first
// build, a new checkout): the texts not in the cache are shared out as the
// threads ask for them, each parses what it claims, and the values of the
// clean ones go into the cache, where validation then finds them. What validation
// does with a text is the same either way; a text with a problem is parsed
// again there, where its diagnostics are made.
import type { LoadedContent } from '../load/load.ts';
import { REDIRECTS_FILES } from '../contracts/project.ts';
import { serve, type Thread } from '../threads.ts';
import { parseYaml, splitFrontMatter, type ParseCache } from './yaml.ts';
import type { ParseCacheStore } from './parse-cache.ts';

const ROLE = 'site-parse-thread';

/** Texts claimed at a time: enough that claiming costs nothing, few enough that the threads finish together. */
const CHUNK = 32;

/**
 * The words the threads share: [0] the next text to claim; [1 + k] thread k's state. A thread that is
 * still starting when this one has finished parsing is shut out (it would only be waited for).
 */
const NEXT = 0;
const WAITING = 0;
const PARSING = 1;
const SHUT_OUT = 2;

interface ParseTask {
  role: typeof ROLE;
  texts: SharedTexts;
  shared: SharedArrayBuffer;
  /** This thread's word in `shared`. */
  slot: number;
}

/** The values of the texts the thread claimed, by their position; undefined where one did not parse cleanly. */
interface ParseResult {
  positions: number[];
  values: unknown[];
}

/**
 * Parses the YAML texts of `content` missing from `cache` on `threads` and this one, and puts the
 * values of those that parse cleanly into the cache. Returns how many it parsed.
 *
 * This thread starts at once; the others join when they have loaded the engine (a few hundred
 * milliseconds), claiming texts CHUNK at a time from one shared count, so however early or late
 * each starts, they finish together and nobody waits for a thread that has not begun.
 */
export async function warmParseCache(content: LoadedContent, cache: ParseCacheStore, threads: readonly Thread[]): Promise<number> {
  const texts = yamlTexts(content, cache).filter((text) => cache.get(text) === undefined);
  if (threads.length === 0 || texts.length === 0) return 0;
  const shared = new SharedArrayBuffer(4 * (1 + threads.length));
  const words = new Int32Array(shared);
  const sharedTexts = shareTexts(texts);
  const replies = threads.map((thread, k) => {
    const task: ParseTask = { role: ROLE, texts: sharedTexts, shared, slot: 1 + k };
    return thread.run<ParseResult>(task).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
  });
  // This thread's chunks: parsed with the cache, which keeps the clean ones.
  claimChunks(words, texts.length, (position) => void parseYaml('', texts[position]!, 0, cache));
  for (const [k, reply] of replies.entries()) {
    // Still loading: it will find itself shut out and claim nothing, so it is not waited for.
    if (Atomics.compareExchange(words, 1 + k, WAITING, SHUT_OUT) === WAITING) continue;
    const answer = await reply;
    if ('error' in answer) throw answer.error;
    answer.result.positions.forEach((position, i) => {
      if (answer.result.values[i] !== undefined) cache.set(texts[position]!, answer.result.values[i]);
    });
  }
  return texts.length;
}

/** Claims chunks of the texts from the shared count until none are left, handing each position to `parse`. */
function claimChunks(words: Int32Array, count: number, parse: (position: number) => void): void {
  for (let from = Atomics.add(words, NEXT, CHUNK); from < count; from = Atomics.add(words, NEXT, CHUNK)) {
    for (let position = from; position < Math.min(from + CHUNK, count); position++) parse(position);
  }
}

/**
 * The texts, once, in memory every thread reads: UTF-8 end to end, and where each ends. Sent as
 * strings, each thread got a copy of every text (tens of megabytes at 10,000 pages, made on this
 * thread and kept by the other until its next full collection), though it parses only its share.
 * The texts were decoded from UTF-8 files, so they hold no lone surrogate and come back the same.
 */
interface SharedTexts {
  bytes: SharedArrayBuffer;
  ends: Float64Array;
}

function shareTexts(texts: readonly string[]): SharedTexts {
  const ends = new Float64Array(texts.length);
  let total = 0;
  texts.forEach((text, i) => (ends[i] = total += Buffer.byteLength(text)));
  const bytes = new SharedArrayBuffer(total);
  const view = Buffer.from(bytes);
  texts.forEach((text, i) => view.write(text, i === 0 ? 0 : ends[i - 1]!));
  return { bytes, ends };
}

function textAt({ bytes, ends }: SharedTexts, position: number): string {
  const start = position === 0 ? 0 : ends[position - 1]!;
  return Buffer.from(bytes, start, ends[position]! - start).toString('utf8');
}

/**
 * The texts validation parses with the cache: site.yaml, each page file (a Markdown page's front matter). A page
 * file known without being read whose value the cache holds, or may hold in the part it has not read, is not read for
 * this (src/load/known-texts.ts): most such files' values are never read in a build after an edit.
 */
function yamlTexts(content: LoadedContent, cache: ParseCacheStore): string[] {
  const texts = content.site && !content.site.encoding ? [content.site.text] : [];
  for (const source of content.pages) {
    if (source.encoding || REDIRECTS_FILES.includes(source.file)) continue;
    if (source.known && cache.holds(source.known.key)) continue;
    if (source.file.endsWith('.md')) {
      const front = splitFrontMatter(source.text)?.front;
      if (front !== undefined) texts.push(front);
    } else texts.push(source.text);
  }
  return texts;
}

serve(ROLE, (task: ParseTask): ParseResult => {
  const words = new Int32Array(task.shared);
  const result: ParseResult = { positions: [], values: [] };
  if (Atomics.compareExchange(words, task.slot, WAITING, PARSING) !== WAITING) return result;
  // parseYaml decides what goes into a cache (a plain text read quickly, else a clean full reading);
  // this one only catches the value, which goes back to the calling thread's cache.
  let value: unknown;
  const catcher: ParseCache = { get: () => undefined, set: (_, data) => void (value = data) };
  claimChunks(words, task.texts.ends.length, (position) => {
    value = undefined;
    parseYaml('', textAt(task.texts, position), 0, catcher);
    result.positions.push(position);
    result.values.push(value);
  });
  return result;
});
