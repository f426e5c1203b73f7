// A page's Markdown body, read into marked's tokens once per page: the images stage
// and the link rule look for the links in it, the raw HTML rule for its HTML,
// and the render turns the same tokens into HTML. A page of 50,000 links was
// read three times before.
//
// Content is untrusted, so the reading is bounded twice over:
// - in time: marked's inline text rule looks ahead, from the start of every
//   piece of text, through the whole run of characters an e-mail address may
//   hold for an "@" (`*a*a*a…` starts a piece of text at every letter, and the
//   run is the rest of the paragraph: 100 kB took seconds, 400 kB twenty). The
//   look-ahead here stops where an address must have stopped (an address's local
//   part is 64 characters at most, RFC 5321), so each piece costs a constant;
// - in depth: marked reads every nested emphasis, link, quote and list by
//   calling itself, and 1,500 levels of `**` overflow the stack. Past
//   MAX_MARKDOWN_DEPTH levels the rest of a construct is kept as plain text and
//   the place is remembered, so the rules refuse the page at that line
//   (src/rules/markdown-depth.ts) and nothing deeper is ever built.
import { Lexer, marked, type Renderer, Tokenizer, type Token, type Tokens, type TokensList } from 'marked';
import type { MarkdownBody } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { MAX_MARKDOWN_DEPTH } from '../validate/limits.ts';

/** The longest local part of an e-mail address (RFC 5321), and of a domain label (RFC 1035). */
const LOCAL_PART = 64;
const LABEL = 63;

/** `pattern` with `from` written as `to` in its source; a marked whose rules no longer hold `from` fails here, not silently. */
function rewritten(pattern: RegExp, changes: readonly [from: string, to: string][]): RegExp {
  let source = pattern.source;
  for (const [from, to] of changes) {
    if (!source.includes(from))
      throw new Error(`marked's ${pattern.source.slice(0, 40)}… rule no longer holds ${from}: src/html/markdown.ts must be brought up to date`);
    source = source.split(from).join(to);
  }
  return new RegExp(source, pattern.flags);
}

const GFM_INLINE = Lexer.rules.inline.gfm;
const EMAIL_CHARACTERS = "[a-zA-Z0-9.!#$%&'*+\\/=?_`{\\|}~-]";
const BOUNDED_INLINE = {
  ...GFM_INLINE,
  text: rewritten(GFM_INLINE.text, [[`${EMAIL_CHARACTERS}+@`, `${EMAIL_CHARACTERS}{1,${LOCAL_PART}}@`]]),
  url: rewritten(GFM_INLINE.url, [
    ['[A-Za-z0-9._+-]+@', `[A-Za-z0-9._+-]{1,${LOCAL_PART}}@`],
    ['[A-Za-z0-9._+-]+(@)', `[A-Za-z0-9._+-]{1,${LOCAL_PART}}(@)`],
    ['[a-zA-Z0-9-_]+(?:\\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+', `[a-zA-Z0-9-_]{1,${LABEL}}(?:\\.[a-zA-Z0-9-_]{0,${LABEL}}[a-zA-Z0-9]){1,${LABEL}}`],
  ]),
};

/** Characters a bare URL does not end with (GFM's extended autolinks): they end the sentence around it. */
const TRAILING = new Set(['?', '!', '.', ',', ':', ';', '*', '_', "'", '"', '~']);

/** The most lines a heading underlined with === or --- may take, its underline included. */
const SETEXT_LINES = 16;

/** Lines of text in a row that a list item may hold without indenting them under it. */
export const LAZY_LINES = 1000;
const LIST_START = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|\n|$)/;

/** Lists kept as a paragraph of text because an item holds more than LAZY_LINES lines not indented under it. */
const longItemTokens = new WeakSet<Token>();

/** Whether `token` is a list kept as text because an item holds too many lines not indented under it. */
export function isLongItem(token: Token): boolean {
  return longItemTokens.has(token);
}

/** How many times marked's own trimming of a bare URL is run before the one-pass trimming below takes over. */
const TRIMS = 32;

/**
 * A bare URL without what GFM leaves out of it: trailing punctuation, a `)` with
 * no `(` to close, an entity-like `&name;`. marked trims one character per pass
 * over the whole URL, and `www.a` followed by 100,000 `)` took seconds. Its own
 * passes are kept for a URL that ends as URLs do (a few characters to trim); past
 * TRIMS passes the rest is trimmed from the end in one.
 */
export function trimmedUrl(url: string, backpedal: RegExp = GFM_INLINE._backpedal): string {
  let text = url;
  for (let pass = 0; pass < TRIMS; pass++) {
    const trimmed = backpedal.exec(text)?.[0] ?? '';
    if (trimmed === text) return text;
    text = trimmed;
  }
  let opens = 0;
  let closes = 0;
  for (const character of text) {
    if (character === '(') opens++;
    else if (character === ')') closes++;
  }
  let end = text.length;
  while (end > 0) {
    const last = text[end - 1]!;
    if (last === ';') {
      let at = end - 2;
      while (at >= 0 && /[a-zA-Z0-9]/.test(text[at]!)) at--;
      if (at >= 0 && at < end - 2 && text[at] === '&') {
        end = at;
        continue;
      }
    }
    if (TRAILING.has(last)) end--;
    else if (last === ')' && closes > opens) {
      end--;
      closes--;
    } else break;
  }
  return text.slice(0, end);
}

/**
 * The delimiter runs (`*`, `_`, `~`) of one inline run of Markdown (a paragraph, a heading,
 * a cell), and how many of them marked's searches for closing delimiters have read.
 * marked looks for the closer of each opening run by reading the runs after it, up to the
 * last run that could close it; a run that never closes reads them all, so 100 kB of
 * `*_a` (every `_` opens, none closes) took tens of seconds. The searches are counted in
 * runs read, and a search that would take the count past EMPHASIS_READS times the runs
 * there are is not made: the run is kept as text, and the rules refuse the page there.
 */
interface EmphasisBudget {
  /** Where each run of each delimiter starts, in order. */
  runs: Record<'*' | '_' | '~', number[]>;
  /** The last run of each delimiter that could close one (not after a space), as marked reckons it. */
  last: Record<'*' | '_' | '~', number>;
  limit: number;
  read: number;
}

/** Runs read by closer searches in an inline run, per run it holds (and a few to spare). */
const EMPHASIS_READS = 8;
const EMPHASIS_SPARE = 256;

function emphasisBudget(src: string): EmphasisBudget {
  const runs: EmphasisBudget['runs'] = { '*': [], _: [], '~': [] };
  const last: EmphasisBudget['last'] = { '*': -1, _: -1, '~': -1 };
  let count = 0;
  for (let i = 0; i < src.length; i++) {
    const character = src[i]!;
    if (character !== '*' && character !== '_' && character !== '~') continue;
    const before = i === 0 ? '\n' : src[i - 1]!;
    runs[character].push(i);
    count++;
    if (!' \t\n\r\f'.includes(before)) last[character] = i;
    while (src[i + 1] === character) i++;
  }
  return { runs, last, limit: EMPHASIS_READS * count + EMPHASIS_SPARE, read: 0 };
}

/** How many of the (sorted) run starts lie in (from, to]. */
function runsWithin(starts: readonly number[], from: number, to: number): number {
  const after = (offset: number) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return to <= from ? 0 : after(to) - after(from);
}

/** Delimiter runs kept as text because their closer searches would have read too much. */
const overreadTokens = new WeakSet<Token>();

/** Whether `token` is a delimiter run kept as text because the searches for closers in its paragraph read too much. */
export function isOverread(token: Token): boolean {
  return overreadTokens.has(token);
}

/** marked's tokenizer with bare URLs trimmed in bounded time, and searches for closing delimiters counted. */
class BoundedTokenizer extends Tokenizer {
  /** One budget per inline run being read, innermost last (BoundedLexer keeps it). */
  readonly budgets: (EmphasisBudget | undefined)[] = [];

  override emStrong(src: string, maskedSrc: string, prevChar?: string): Tokens.Em | Tokens.Strong | undefined {
    const search = () => super.emStrong(src, maskedSrc, prevChar);
    return (src[0] === '*' || src[0] === '_' ? this.counted(src, maskedSrc, prevChar, search) : search()) as Tokens.Em | Tokens.Strong | undefined;
  }

  override del(src: string, maskedSrc: string, prevChar?: string): Tokens.Del | undefined {
    const search = () => super.del(src, maskedSrc, prevChar);
    return (src[0] === '~' ? this.counted(src, maskedSrc, prevChar, search) : search()) as Tokens.Del | undefined;
  }

  private counted(src: string, maskedSrc: string, prevChar: string | undefined, search: () => Token | undefined): Token | undefined {
    const budget = this.budgets.at(-1);
    const delimiter = src[0] as '*' | '_' | '~';
    let end = 1;
    while (src[end] === delimiter) end++;
    // marked searches only from a run that can open: one followed by a character other than a space, and an `_` not inside a word.
    const next = src[end] ?? ' ';
    const opens = !/\s/.test(next) && !(delimiter === '_' && /[\p{L}\p{N}]/u.test(prevChar ?? '') && /[\p{L}\p{N}]/u.test(next));
    if (!budget || !opens) return search();
    const at = maskedSrc.length - src.length;
    const ahead = runsWithin(budget.runs[delimiter], at, budget.last[delimiter]);
    if (budget.read + ahead > budget.limit) {
      const text: Tokens.Text = { type: 'text', raw: src.slice(0, end), text: src.slice(0, end), escaped: false };
      overreadTokens.add(text);
      return text;
    }
    const token = search();
    budget.read += token ? runsWithin(budget.runs[delimiter], at, at + token.raw.length) : ahead;
    return token;
  }

  /**
   * A heading underlined with === or --- is read from at most SETEXT_LINES lines: marked's rule
   * reads every following line of text looking for the underline, from the start of every block,
   * and a list whose items are followed by lines of text tried it thousands of times (200 kB: 40 s).
   */
  override lheading(src: string): Tokens.Heading | undefined {
    let end = -1;
    for (let line = 0; line < SETEXT_LINES; line++) {
      end = src.indexOf('\n', end + 1);
      if (end < 0) return super.lheading(src);
    }
    return super.lheading(src.slice(0, end + 1));
  }

  /**
   * A list item's lines of text that are not indented under it (lazy continuation lines) cost
   * marked time that grows faster than their number: 128,000 such lines took 29 s. Past
   * LAZY_LINES of them in a row the list is not read: its lines are kept as one paragraph of
   * text, and the rules refuse the page there.
   */
  override list(src: string): Tokens.List | undefined {
    if (!LIST_START.test(src)) return super.list(src);
    let lazy = 0;
    let end = src.indexOf('\n');
    while (end >= 0 && end + 1 < src.length) {
      const next = src.indexOf('\n', end + 1);
      const line = src.slice(end + 1, next < 0 ? src.length : next);
      if (line.trim() === '') break;
      lazy = /^[ \t]/.test(line) || LIST_START.test(line) ? 0 : lazy + 1;
      if (lazy > LAZY_LINES) {
        // Up to the first blank line after the limit, so the rest of the body is read as usual.
        const blank = /\n[ \t]*\n/.exec(src.slice(end));
        const stop = blank ? end + blank.index + 1 : src.length;
        const raw = src.slice(0, stop);
        const text: Tokens.Text = { type: 'text', raw, text: raw, escaped: false };
        const paragraph = { type: 'paragraph', raw, text: raw, tokens: [text] } as Tokens.Paragraph;
        longItemTokens.add(paragraph);
        return paragraph as unknown as Tokens.List;
      }
      end = next;
    }
    return super.list(src);
  }

  override url(src: string): Tokens.Link | undefined {
    const match = this.rules.inline.url.exec(src);
    if (!match) return undefined;
    const email = match[2] === '@';
    const text = email ? match[0] : trimmedUrl(match[0], this.rules.inline._backpedal);
    const href = email ? `mailto:${text}` : match[1] === 'www.' ? `http://${text}` : text;
    return { type: 'link', raw: text, text, href, autolink: true, tokens: [{ type: 'text', raw: text, text }] } as Tokens.Link;
  }
}

/** Tokens that stand for the rest of a construct nested past the limit: plain text, and where the rules refuse the page. */
const tooDeepTokens = new WeakSet<Token>();

/** Whether `token` is the plain-text rest of a construct nested more than MAX_MARKDOWN_DEPTH levels deep. */
export function isTooDeep(token: Token): boolean {
  return tooDeepTokens.has(token);
}

/** marked's lexer, counting how deep it has called itself for blocks and for inline constructs. */
class BoundedLexer extends Lexer {
  private blockDepth = 0;
  private inlineDepth = 0;

  private readonly bounded: BoundedTokenizer;

  constructor() {
    const bounded = new BoundedTokenizer();
    // A fresh options object: marked keeps its tokenizer on the one it is given.
    super({ gfm: true, tokenizer: bounded });
    this.bounded = bounded;
    (bounded as unknown as { rules: { inline: unknown } }).rules.inline = BOUNDED_INLINE;
  }

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped?: boolean): Token[] {
    if (this.blockDepth > MAX_MARKDOWN_DEPTH) return flattened(src, tokens, 'paragraph');
    this.blockDepth++;
    try {
      return super.blockTokens(src, tokens as TokensList, lastParagraphClipped);
    } finally {
      this.blockDepth--;
    }
  }

  override inlineTokens(src: string, tokens: Token[] = []): Token[] {
    if (this.inlineDepth > MAX_MARKDOWN_DEPTH) return flattened(src, tokens, 'text');
    this.inlineDepth++;
    this.bounded.budgets.push(/[*_~]/.test(src) ? emphasisBudget(src) : undefined);
    try {
      return super.inlineTokens(src, tokens);
    } finally {
      this.inlineDepth--;
      this.bounded.budgets.pop();
    }
  }
}

function flattened(src: string, tokens: Token[], type: 'paragraph' | 'text'): Token[] {
  const text: Tokens.Text = { type: 'text', raw: src, text: src, escaped: false };
  const token: Token = type === 'text' ? text : { type: 'paragraph', raw: src, text: src, tokens: [text] };
  tooDeepTokens.add(token);
  tokens.push(token);
  return tokens;
}

/** The tokens of Markdown, as marked.parse reads it (GitHub-flavoured), in time linear in its length and at most MAX_MARKDOWN_DEPTH levels deep. */
export function markdownTokens(markdown: string): Token[] {
  return new BoundedLexer().lex(markdown);
}

/** The tokens of a page's Markdown body, once per body. Nobody may change them. */
export const bodyTokens = perObject((body: MarkdownBody): readonly Token[] => markdownTokens(body.text));

/**
 * Every token of `tokens` and of their children (inline tokens, list items, table cells), in the
 * order written: marked's own walk, made once per list of tokens. The rules each read a body's
 * tokens, and walking a list of 250,000 items four times cost half a second.
 */
export const allTokens = perObject((tokens: readonly Token[]): readonly Token[] => {
  const all: Token[] = [];
  marked.walkTokens(tokens as Token[], (token) => {
    all.push(token);
  });
  return all;
});

/** Calls `visit` with every token of `tokens` and of their children, in the order written (allTokens). */
export function eachToken(tokens: readonly Token[], visit: (token: Token) => void): void {
  for (const token of allTokens(tokens)) visit(token);
}

/** A page's Markdown body as HTML, written by `renderer` (marked's own by default). */
export function bodyHtml(body: MarkdownBody, renderer?: Renderer): string {
  // marked's parser reads the tokens and leaves them as they are.
  return marked.parser(bodyTokens(body) as Token[], { async: false, gfm: true, ...(renderer ? { renderer } : {}) });
}

/**
 * Where a token of `tokens` (read from `markdown`) is written: its offset in the
 * Markdown with line breaks as `\n`. Tokens do not say where they are, so each is
 * looked for in the text, in the order written: a top-level block exactly (the
 * blocks' raw texts make up the whole), and what it holds by the first line of
 * its raw text, from where the token before it was found. A quote's or list's
 * markers and a table's pipes are left out of what they hold, so a later line of
 * a token may not be found as written; its first line is. A token not found at
 * all (a cell with an escaped pipe) is placed where the search stood.
 * The searches together read the text a few times at most, whatever it holds.
 */
export function tokenOffsets(markdown: string, tokens: readonly Token[]): (token: Token) => number {
  // Worked out when a place is first asked for: a body with no problem needs none.
  let offsets: Map<Token, number> | undefined;
  return (token) => (offsets ??= offsetsOf(markdown, tokens)).get(token) ?? 0;
}

function offsetsOf(markdown: string, tokens: readonly Token[]): Map<Token, number> {
  const text = markdown.replace(/\r\n?/g, '\n');
  const offsets = new Map<Token, number>();
  // Searches that find nothing read to their block's end; past this many characters read, the rest are not looked for.
  let budget = 4 * text.length + 1024;
  let start = 0;
  for (const block of tokens) {
    const end = Math.min(text.length, start + block.raw.length);
    let cursor = start;
    eachToken([block], (token) => {
      if (token === block) {
        offsets.set(token, start);
        return;
      }
      const raw = typeof token.raw === 'string' ? token.raw : '';
      const newline = raw.indexOf('\n');
      const first = (newline < 0 ? raw : raw.slice(0, newline)).trimStart();
      let at = -1;
      if (first !== '' && budget > 0) {
        const found = text.slice(cursor, end).indexOf(first);
        budget -= found < 0 ? end - cursor : found + first.length;
        if (found >= 0) at = cursor + found;
      }
      if (at < 0) {
        offsets.set(token, cursor);
        return;
      }
      offsets.set(token, at);
      // What a token holds is inside it; the next token after a leaf comes after it.
      cursor = hasChildren(token) ? at : at + first.length;
    });
    start = end;
  }
  return offsets;
}

function hasChildren(token: Token): boolean {
  const held = token as { tokens?: unknown[]; items?: unknown[]; header?: unknown[] };
  return (held.tokens?.length ?? 0) > 0 || (held.items?.length ?? 0) > 0 || (held.header?.length ?? 0) > 0;
}

/** Where things in a Markdown text are written, as line (counted from the text's first line) and column (1-based). */
export interface MarkdownPlaces {
  /** Where `token` starts, or the character `offset` characters into its raw text. */
  of(token: Token, offset?: number): { line: number; column: number };
}

/**
 * The places of `tokens` in `markdown`, whose first line is line `firstLine` of
 * its file; worked out when first asked for. A place on a later line of a token
 * held in a quote or a list is found on that line of the text, after the markers
 * that marked left out of the token.
 */
export function markdownPlaces(markdown: string, firstLine: number, tokens: readonly Token[]): MarkdownPlaces {
  const offsetOf = tokenOffsets(markdown, tokens);
  let lines: { text: string; starts: number[] } | undefined;
  const table = () => {
    if (lines) return lines;
    const text = markdown.replace(/\r\n?/g, '\n');
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return (lines = { text, starts });
  };
  const lineOf = (offset: number) => {
    const { starts } = table();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return {
    of(token, offset = 0) {
      const start = offsetOf(token);
      const raw = typeof token.raw === 'string' ? token.raw : '';
      const inRaw = Math.max(0, Math.min(offset, raw.length));
      const before = raw.lastIndexOf('\n', inRaw - 1);
      const { text, starts } = table();
      if (before < 0) {
        const line = lineOf(start + inRaw);
        return { line: firstLine + line, column: start + inRaw - starts[line]! + 1 };
      }
      // A later line of the token: as many lines down, and on that line where the token's line is written.
      let down = 0;
      for (let i = raw.indexOf('\n'); i !== -1 && i < inRaw; i = raw.indexOf('\n', i + 1)) down++;
      const line = Math.min(starts.length - 1, lineOf(start) + down);
      const lineEnd = line + 1 < starts.length ? starts[line + 1]! - 1 : text.length;
      const written = text.slice(starts[line]!, lineEnd);
      const rawLineEnd = raw.indexOf('\n', before + 1);
      const rawLine = raw.slice(before + 1, rawLineEnd < 0 ? raw.length : rawLineEnd);
      const lead = rawLine === '' ? -1 : written.lastIndexOf(rawLine);
      return { line: firstLine + line, column: Math.max(0, lead) + (inRaw - before - 1) + 1 };
    },
  };
}
