// Page files a build need not read: what the last `site build` read of each YAML page file, kept in
// the cache folder with how the file stood (its device, inode, size and times). A file that stands
// exactly so now holds the same text, so the next build takes the text's digest (the parse cache's
// key) from here instead of reading and hashing it; the text itself is read only if something asks
// for it (a problem to place at a line). At 10,000 pages that is 10,000 files not read (49 MB).
//
// Why the stamp can be trusted: any write to a file sets its change time (ctime) to the clock's time,
// and no program can set that time back (touch and git set mtime, not ctime). A file replaced by
// another (an editor's save by rename, a checkout) has another inode. The one gap is a second write
// within the same tick of the file system's clock (a few milliseconds, a second or two on some disks)
// as the write the stamp saw: so only a file whose times were already SETTLE_MS old when it was read
// is kept, and a file written moments before a build is read again by the next one.
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { cacheKey } from '../digest.ts';
import { keepWhole, readKept } from '../node-module.js';
import { MAX_FILE_CHARACTERS } from '../validate/limits.ts';
import { isTopLevelIndex, topLevelIndex, type TopLevelIndex } from '../validate/top-level.ts';
import { isDefaultsPatch, type DefaultsPatch } from '../validate/defaults-patch.ts';
import type { PageFacts, PageHead } from '../contracts/model.ts';

/** Bumped when the kept texts are kept differently. */
const FORMAT = 4;

/** How old a file's times must be when it is read for its stamp to be kept (longer than any file system's clock tick). */
export const SETTLE_MS = 3000;

/** How a file stood when it was read: what changes whenever its bytes do. */
export interface TextStamp {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** What a build knows of a page file's text without reading it. */
export interface KnownText {
  /** The parse cache's key of the text (cacheKey of it). */
  key: string;
  /** Its length in characters. */
  length: number;
  /** Its first line, for the check of the schema line (`# yaml-language-server: …`). */
  firstLine: string;
  /** Where its top-level fields are: a page's warnings are mostly placed at one (its title), and need no reading then. */
  topLevel: TopLevelIndex;
  /**
   * When its template's schema checked it without a problem: that schema's key (Validator.key) and the defaults it
   * filled in, which the next build puts on the value instead of checking it again while the schema is the same.
   */
  checked?: Checked;
}

/**
 * A clean check of a text by one schema, what it added, and what the engine reads of the value it gave besides rendering
 * it (its head, who it joins, the images it names): all follow from the text and the schema, so a page known with its
 * check needs its value only when it is rendered (src/validate/known-page.ts).
 */
export interface Checked {
  validator: string;
  defaults: DefaultsPatch;
  /** The template the text names, whose schema `validator` is. */
  template: string;
  head: KnownHead;
  facts: PageFacts;
}

/** What a YAML page's head says (its fields are always `title` and `description`). */
export type KnownHead = Pick<PageHead, 'title' | 'description' | 'noindex'>;

/** A kept text: how its file stood, and what it held. */
export interface KeptText extends KnownText {
  stamp: TextStamp;
}

/** The kept texts, by project-relative file. */
export type KeptTexts = ReadonlyMap<string, KeptText>;

/** Where a project's kept texts are kept. */
export function knownTextsFile(folder: string, root: string): string {
  return join(folder, `texts-${cacheKey(root).slice(0, 12)}.json`);
}

/** The key kept texts made by the engine's code `engine` carry (the digest of a text is the engine's to define). */
export function textsKey(engine: string): string {
  return cacheKey(JSON.stringify([FORMAT, engine]));
}

/** The stamp of a file from its status. */
export function stampOf(info: Stats): TextStamp {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
}

/** Whether the file whose status is `info` stands as `stamp` says: then it holds the text the stamp was kept with. */
export function standsAs(info: Stats, stamp: TextStamp): boolean {
  return info.isFile() && sameStamp(stampOf(info), stamp);
}

function sameStamp(a: TextStamp, b: TextStamp): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/** Whether a file stamped `stamp` and read at `readAt` (ms since the epoch) was settled then: its stamp may be kept. */
export function settled(stamp: TextStamp, readAt: number, settleMs = SETTLE_MS): boolean {
  return Math.max(stamp.mtimeMs, stamp.ctimeMs) < readAt - settleMs;
}

/** What textsToKeep reads of a page file, as the load stage gives it (load.ts's SourceFile). */
interface LoadedText {
  file: string;
  readonly text: string;
  encoding?: unknown;
  known?: KnownText;
  read?: { stamp: TextStamp; at: number };
}

/**
 * What this build may keep for the next: each page file it knew without reading, as it was known, and each it read
 * whose times had settled (see SETTLE_MS), with the key `keyOf` gives its text. A file too large to be a page, or
 * not UTF-8, is read again each time, as it is reported each time. `checkedOf` tells how a known file's template
 * checked it in this build, when it did without a problem (see KnownText.checked).
 */
export function textsToKeep(
  pages: readonly LoadedText[],
  kept: KeptTexts | undefined,
  keyOf: (text: string) => string,
  checkedOf: (file: string, kept: Checked | undefined) => Checked | undefined = () => undefined,
  settleMs = SETTLE_MS,
): Map<string, KeptText> {
  const texts = new Map<string, KeptText>();
  for (const source of pages) {
    const known = source.known ? kept?.get(source.file) : undefined;
    const text = known ?? readNow(source, keyOf, settleMs);
    if (!text) {
      // A file edited moments ago keeps its old entry, which no longer fits it (its change time moved on): the next
      // build reads it, as it would with none, and the kept texts need not be written again for one edit.
      const old = kept?.get(source.file);
      if (old) texts.set(source.file, old);
      continue;
    }
    const { checked: _, ...rest } = text;
    // Only a text known already, one that stood unchanged between two builds, is given its check: working out the
    // defaults of every page (about 150 ms at 10,000) would add to each cold build what only later builds use.
    const checked = known ? checkedOf(source.file, known.checked) : undefined;
    texts.set(source.file, checked ? { ...rest, checked } : rest);
  }
  return texts;
}

/** What is known of a page file this build read, when its times had settled: undefined for one read again next time. */
function readNow(source: LoadedText, keyOf: (text: string) => string, settleMs: number): KeptText | undefined {
  const { read, text } = source;
  if (!read || source.encoding || !settled(read.stamp, read.at, settleMs) || text.length > MAX_FILE_CHARACTERS) return undefined;
  return { stamp: read.stamp, key: keyOf(text), length: text.length, firstLine: firstLineOf(text), topLevel: topLevelIndex(text) };
}

/**
 * The first line of a text, trimmed, as the schema line's check reads it; past FIRST_LINE characters cut there and
 * marked, which the check answers alike for (longer than any schema line, and starting the same): a page of one line
 * of a megabyte would otherwise put a megabyte into the kept texts.
 */
export function firstLineOf(text: string): string {
  const line = (text.split(/\r?\n/, 1)[0] ?? '').trim();
  return line.length > FIRST_LINE ? `${line.slice(0, FIRST_LINE)}\u2026` : line;
}

/** Longer than any schema line: its path is at most a path's length (4,096 bytes on Linux), and its words a few dozen. */
const FIRST_LINE = 8192;

type KeptEntry = [
  ...[file: string, dev: number, ino: number, size: number, mtimeMs: number, ctimeMs: number],
  ...[key: string, length: number, firstLine: string, topLevel: TopLevelIndex, checked: number, facts: KeptFacts | 0],
];

/** A check's head and facts, written short: 10,000 pages' are read by every build. */
type KeptFacts = [title: string, description: string, noindex: 0 | 1, joined: PageFacts['joined'], images: [path: (string | number)[], value: string][]];

// The pages of one template mostly get the same defaults: each check is kept once, in a table, and a text names it by
// its place there (-1: none). Written out for each page, the checks of 10,000 were 5 MB of a file read every build.
interface KeptFile {
  key: string;
  checks: [validator: string, defaults: DefaultsPatch, template: string][];
  texts: KeptEntry[];
}

/** The texts kept in `file` under `key`; empty when there are none to use (another key, or a file not as written). */
export function readKeptTexts(file: string, key: string): Map<string, KeptText> {
  const texts = new Map<string, KeptText>();
  const kept = readKept(file);
  // A file this engine did not write as it is is thrown away whole, never half-used.
  if (!isKeptFile(kept) || kept.key !== key) return texts;
  for (const [name, dev, ino, size, mtimeMs, ctimeMs, textKey, length, firstLine, topLevel, checked, facts] of kept.texts) {
    const text: KeptText = { stamp: { dev, ino, size, mtimeMs, ctimeMs }, key: textKey, length, firstLine, topLevel };
    texts.set(name, checked >= 0 && facts !== 0 ? { ...text, checked: checkOf(kept.checks[checked]!, facts) } : text);
  }
  return texts;
}

/** Keeps `texts` in `file` under `key` (a cache that cannot be written costs only speed). */
export async function keepTexts(file: string, key: string, texts: KeptTexts): Promise<void> {
  const checks: KeptFile['checks'] = [];
  const places = new Map<string, number>();
  const placeOf = ({ validator, defaults, template }: Checked) => {
    const text = JSON.stringify([validator, defaults, template]);
    let place = places.get(text);
    if (place === undefined) places.set(text, (place = checks.push([validator, defaults, template]) - 1));
    return place;
  };
  const entries = [...texts].map(([name, { stamp, key: textKey, length, firstLine, topLevel, checked }]): KeptEntry => {
    const { dev, ino, size, mtimeMs, ctimeMs } = stamp;
    const facts = checked ? keptFacts(checked) : 0;
    return [name, dev, ino, size, mtimeMs, ctimeMs, textKey, length, firstLine, topLevel, checked ? placeOf(checked) : -1, facts];
  });
  await keepWhole(file, JSON.stringify({ key, checks, texts: entries } satisfies KeptFile));
}

/** Whether two sets of kept texts say the same of the same files (what is known of a text follows from its key, and a check from the key and its schema's). */
export function sameTexts(a: KeptTexts, b: KeptTexts): boolean {
  if (a.size !== b.size) return false;
  for (const [file, text] of a) {
    const other = b.get(file);
    if (!other || other.key !== text.key || other.checked?.validator !== text.checked?.validator || !sameStamp(text.stamp, other.stamp)) return false;
  }
  return true;
}

function isKeptFile(value: unknown): value is KeptFile {
  if (typeof value !== 'object' || value === null) return false;
  const { key, checks, texts } = value as Record<string, unknown>;
  if (typeof key !== 'string' || !Array.isArray(checks) || !Array.isArray(texts)) return false;
  const isCheck = (check: unknown) =>
    Array.isArray(check) && check.length === 3 && typeof check[0] === 'string' && isDefaultsPatch(check[1]) && typeof check[2] === 'string';
  return checks.every(isCheck) && texts.every((entry) => isKeptEntry(entry, checks.length));
}

function isKeptEntry(entry: unknown, checks: number): entry is KeptEntry {
  if (!Array.isArray(entry) || entry.length !== 12) return false;
  const [file, dev, ino, size, mtimeMs, ctimeMs, key, length, firstLine, topLevel, checked, facts] = entry as unknown[];
  const numbers = [dev, ino, size, mtimeMs, ctimeMs, length].every(isNumber);
  const texts = typeof file === 'string' && typeof key === 'string' && /^[0-9a-f]{40}$/.test(key) && typeof firstLine === 'string';
  const check = Number.isInteger(checked) && (checked as number) >= -1 && (checked as number) < checks && (facts === 0 || isKeptFacts(facts));
  return numbers && texts && isTopLevelIndex(topLevel) && check;
}

function isKeptFacts(facts: unknown): facts is KeptFacts {
  if (!Array.isArray(facts) || facts.length !== 5) return false;
  const [title, description, noindex, joined, images] = facts as unknown[];
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const isImage = (image: unknown) =>
    Array.isArray(image) &&
    image.length === 2 &&
    Array.isArray(image[0]) &&
    image[0].every((step: unknown) => typeof step === 'string' || Number.isInteger(step)) &&
    typeof image[1] === 'string';
  const joinedOk = isRecord(joined) && Object.values(joined).every(isRecord);
  return (
    typeof title === 'string' &&
    typeof description === 'string' &&
    (noindex === 0 || noindex === 1) &&
    joinedOk &&
    Array.isArray(images) &&
    images.every(isImage)
  );
}

function checkOf([validator, defaults, template]: KeptFile['checks'][number], [title, description, noindex, joined, images]: KeptFacts): Checked {
  return {
    validator,
    defaults,
    template,
    head: { title, description, noindex: noindex === 1 },
    facts: { joined, images: images.map(([path, value]) => ({ path, value })) },
  };
}

function keptFacts({ head, facts }: Checked): KeptFacts {
  return [head.title, head.description, head.noindex ? 1 : 0, facts.joined, facts.images.map(({ path, value }) => [[...path], value])];
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
