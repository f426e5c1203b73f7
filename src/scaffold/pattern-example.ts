// A short text a simple regular expression accepts, so that a new page's
// placeholder for a patterned field (a phone in E.164 form, a postal code, a
// route) is valid as written. Where the pattern lets a run of letters be any
// length, the example spells a given word there (`/todo` rather than `/`), so a
// placeholder link still reads as one and the link check points at it. Only the
// plain part of the syntax is understood: literals, escapes, classes, groups,
// alternation and quantifiers. Anything else (look-arounds, back-references)
// gives no example rather than a wrong one.

/**
 * A string that `pattern` matches, spelling `word` where a repeated class allows
 * it; the shortest string it matches when spelling fails; undefined when the
 * pattern is not simple enough to read.
 */
export function patternExample(pattern: string, word = ''): string | undefined {
  for (const spell of word ? [word, ''] : ['']) {
    try {
      const example = new Reader(pattern, spell).alternatives().text;
      // The reading is checked, not trusted: a pattern read wrongly gives no example.
      if (new RegExp(pattern, 'u').test(example)) return example;
    } catch {
      return undefined; // beyond the plain syntax, or not a regular expression at all
    }
  }
  return undefined;
}

/** Characters an example prefers, in order, where a class or a negated class leaves a choice. */
const PREFERRED = ['a', 'A', '0', '1', '-', '_', '.', ' ', 'x'];

class Unsupported extends Error {}

/** Part of an example, and whether it spells the word (so an optional part is worth including). */
interface Piece {
  text: string;
  spelled: boolean;
}

/** An atom: its shortest text, and how it tests one character when it is a character class. */
interface Atom extends Piece {
  test?: (ch: string) => boolean;
}

/** Reads the pattern left to right, building the shortest text each part accepts. */
class Reader {
  private at = 0;
  constructor(
    private readonly source: string,
    private readonly word: string,
  ) {}

  /** `a|b|c` up to the end or a closing parenthesis: the first alternative's example. */
  alternatives(): Piece {
    const first = this.sequence();
    while (this.peek() === '|') {
      this.at++;
      this.sequence();
    }
    return first;
  }

  private sequence(): Piece {
    const out: Piece = { text: '', spelled: false };
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const { min, max } = this.quantifier();
      const spells = this.word !== '' && atom.test !== undefined && [...this.word].every(atom.test);
      if (spells && !out.spelled && max >= this.word.length && min <= this.word.length) {
        // A class repeated freely: the word goes here, once.
        out.text += this.word;
        out.spelled = true;
      } else if (min === 0 && max > 0 && atom.spelled && !out.spelled) {
        // An optional part that spells the word is taken once.
        out.text += atom.text;
        out.spelled = true;
      } else {
        out.text += atom.text.repeat(min);
        out.spelled ||= min > 0 && atom.spelled;
      }
    }
    return out;
  }

  private atom(): Atom {
    const c = this.source[this.at++]!;
    switch (c) {
      case '^':
      case '$':
        return { text: '', spelled: false };
      case '.':
        return { text: 'a', spelled: false, test: (ch) => ch !== '\n' };
      case '(': {
        if (this.peek() === '?') {
          if (this.source[this.at + 1] !== ':') throw new Unsupported();
          this.at += 2;
        }
        const inner = this.alternatives();
        if (this.source[this.at++] !== ')') throw new Unsupported();
        return inner;
      }
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape(this.source[this.at++]!);
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported();
      default:
        return { text: c, spelled: false };
    }
  }

  /** How many times the last atom may repeat. */
  private quantifier(): { min: number; max: number } {
    const c = this.peek();
    let range = { min: 1, max: 1 };
    if (c === '*') range = { min: 0, max: Infinity };
    else if (c === '?') range = { min: 0, max: 1 };
    else if (c === '+') range = { min: 1, max: Infinity };
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) throw new Unsupported();
      const min = Number(match[1]);
      this.at += match[0].length - 1;
      range = { min, max: match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity };
    } else return range;
    this.at++;
    if (this.peek() === '?') this.at++; // a lazy quantifier allows the same counts
    return range;
  }

  /** `[a-z0-9-]` → `a`; `[^{}]` → the first preferred character it allows. */
  private characterClass(): Atom {
    const negated = this.peek() === '^';
    if (negated) this.at++;
    const members: ((ch: string) => boolean)[] = [];
    let first: string | undefined;
    while (this.at < this.source.length && this.peek() !== ']') {
      const c = this.source[this.at++]!;
      if (c === '\\') {
        const escaped = this.escape(this.source[this.at++]!);
        members.push(escaped.test!);
        first ??= escaped.text;
      } else if (this.peek() === '-' && this.at + 1 < this.source.length && this.source[this.at + 1] !== ']') {
        const end = this.source[this.at + 1]!;
        if (end === '\\') throw new Unsupported();
        this.at += 2;
        members.push((ch) => ch >= c && ch <= end);
        first ??= c;
      } else {
        members.push((ch) => ch === c);
        first ??= c;
      }
    }
    if (this.source[this.at++] !== ']') throw new Unsupported();
    const test = (ch: string) => members.some((member) => member(ch)) !== negated;
    const text = PREFERRED.find(test) ?? (negated ? undefined : first);
    if (text === undefined) throw new Unsupported();
    return { text, spelled: false, test };
  }

  /** An escape after the backslash: a class such as `\d`, or a literal such as `\.`. */
  private escape(c: string): Atom {
    const like = (text: string, regex: RegExp): Atom => ({ text, spelled: false, test: (ch) => regex.test(ch) });
    switch (c) {
      case 'd':
        return like('0', /\d/);
      case 'D':
        return like('a', /\D/);
      case 'w':
        return like('a', /\w/);
      case 'W':
        return like('-', /\W/);
      case 's':
        return like(' ', /\s/);
      case 'S':
        return like('a', /\S/);
      default:
        if (/[A-Za-z0-9]/.test(c)) throw new Unsupported(); // \b, \1, \u…: not plain
        return { text: c, spelled: false, test: (ch) => ch === c };
    }
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }
}
