// hiddenCharactersOf(): which invisible and forbidden characters are refused, judged by the text around them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterName, hiddenCharacters, hiddenCharactersOf } from './hidden-characters.ts';
import { siteModel } from '../../tests/helpers/unit.ts';
import { XML_FORBIDDEN } from '../extras/xml.ts';

const codes = (text: string) => hiddenCharactersOf(text).map((c) => c.code);

describe('characters refused everywhere', () => {
  it('refuses every character XML forbids, so the feed and sitemap writers never meet one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }), (before, after) => {
        const text = before + after;
        // Whatever the rule passes, the XML writers can hold.
        return hiddenCharactersOf(text).length > 0 || !XML_FORBIDDEN.test(text);
      }),
      { numRuns: 2_000 },
    );
    for (const c of ['\u0000', '\u000b', '\u000c', '\u001b', '\ufffe', '\uffff', '\ud800', '\udc00']) expect(codes(`a${c}b`)).toEqual([c.charCodeAt(0)]);
  });

  it('keeps tab, line feed, carriage return and whole surrogate pairs', () => {
    expect(codes('a\tb\nc\r\nd \u{1F600}')).toEqual([]);
  });

  it('refuses direction overrides even in right-to-left text: they reverse the characters themselves', () => {
    expect(codes('שלום \u202E0010-555-614')).toEqual([0x202e]);
  });

  it('refuses the line and paragraph separators, in any script: a line break some readers draw and others do not', () => {
    for (const text of ['Panel\u2028upgrades', 'שלום\u2029עולם', 'a\u2028\u2029b']) expect(codes(text).length, JSON.stringify(text)).toBeGreaterThan(0);
    expect(characterName(0x2028)).toBe('a line separator (U+2028)');
  });

  it('refuses U+FEFF inside text, invisible operators and fillers', () => {
    expect(codes('Panel\uFEFFupgrades')).toEqual([0xfeff]);
    expect(codes('a\u2062b \u3164')).toEqual([0x2062, 0x3164]);
  });
});

describe('direction marks', () => {
  it('refuses a right-to-left mark in a phone number, which shows it as 0100 555 416', () => {
    expect(hiddenCharactersOf('Call \u200F416 555 0100')).toEqual([{ index: 5, code: 0x200f }]);
    expect(codes('(416)\u061C 555-0100 \u200E \u2066x\u2069')).toEqual([0x061c, 0x200e, 0x2066, 0x2069]);
  });

  it('allows them on a line with right-to-left letters, where they keep numbers and Latin names in place', () => {
    expect(codes('התקשרו \u200F416-555-0100\u200F')).toEqual([]);
    expect(codes('اتصل بنا \u061C(416) 555-0100 \u2067Toronto\u2069')).toEqual([]);
  });

  it('judges each line of a body by its own letters', () => {
    expect(hiddenCharactersOf('שלום \u200F\nCall \u200F416')).toEqual([{ index: 12, code: 0x200f }]);
  });
});

describe('joiners and zero-width spaces', () => {
  it('allows a joiner between the pieces of an emoji and between letters of scripts that join', () => {
    expect(codes('\u{1F469}\u200D\u{1F527} \u{1F3F3}\uFE0F\u200D\u{1F308}')).toEqual([]);
    expect(codes('می\u200Cخواهم')).toEqual([]);
    expect(codes('क्\u200Dष')).toEqual([]);
  });

  it('refuses them between Latin letters, digits or at the edges', () => {
    expect(codes('in\u200Cvisible 416\u200D555 \u200Bstart')).toEqual([0x200c, 0x200d, 0x200b]);
    expect(codes('\u200D\u{1F527}')).toEqual([0x200d]);
  });

  it('allows a zero-width space or word joiner between letters of scripts written without spaces', () => {
    expect(codes('ช่างไฟฟ้า\u200Bโตรอนโต 東京\u2060駅')).toEqual([]);
  });

  it('allows tag characters only as a subdivision flag', () => {
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(codes(scotland)).toEqual([]);
    expect(codes('text\u{E0041}\u{E0042}')).toEqual([0xe0041, 0xe0042]);
  });
});

describe('characters drawn as nothing (default-ignorable)', () => {
  it('refuses every one of them between Latin letters, whatever it is', () => {
    // Every default-ignorable character, as Unicode lists them: between two Latin letters none has a job,
    // but for the soft hyphen, whose job is there (a place to break a long word); at a word's edge it has none.
    const ignorable = fc
      .integer({ min: 0, max: 0xe0fff })
      .map((c) => String.fromCodePoint(c))
      .filter((c) => /\p{Default_Ignorable_Code_Point}/u.test(c));
    fc.assert(
      fc.property(ignorable, fc.constantFrom('', ' '), (c, space) => {
        const inWord = c === '\u00AD' && space === '';
        expect(codes(`Fio${space}${c}relli`)).toEqual(inWord ? [] : [c.codePointAt(0)]);
      }),
      { numRuns: 2_000 },
    );
    expect(codes('Fio\u034Frelli Fio\uFE0Frelli Fio\u180Brelli a\uFFF9hidden\uFFFAnote\uFFFBb')).toEqual([0x34f, 0xfe0f, 0x180b, 0xfff9, 0xfffa, 0xfffb]);
  });

  it('allows a soft hyphen inside a word, the grapheme joiner before a mark, and one variation selector after what has variants', () => {
    expect(codes('electri\u00ADcian \u05D0\u05B8\u034F\u05B7 \u2764\uFE0F 1\uFE0F\u20E3 \u8FBB\u{E0100} \u2229\uFE00 \u1820\u180B')).toEqual([]);
    // At a word's edge, before a letter, or a second selector (text hidden in selectors after an emoji).
    expect(codes('\u00ADstart end\u00AD a\u034Fb \u2764\uFE0F\uFE0F \u{1F600}\u{E0100}')).toEqual([0xad, 0xad, 0x34f, 0xfe0f, 0xe0100]);
  });
});

describe('file names of static/', () => {
  it('refuses a name holding what the rule refuses in text, or a tab or line break, at the file; passes any other name', () => {
    const piece = fc.string({ unit: fc.constantFrom('a', 'é', '-', ' ', '.', '\t', '\n', '\u202E', '\u3164', '\u200B', '\uFE0F', '\u{1F600}'), maxLength: 8 });
    fc.assert(
      fc.property(piece, piece, (folder, name) => {
        const route = `/${folder}/${name}.txt`;
        const found = hiddenCharacters(siteModel({ statics: [{ file: `static${route}`, route, contents: Buffer.from('x') }] }));
        const refused = hiddenCharactersOf(route).length > 0 || /[\t\n\r]/.test(route);
        expect(found.map((d) => [d.code, d.file, d.line, d.path])).toEqual(refused ? [['hidden-character', `static${route}`, 1, 'file name']] : []);
      }),
      { numRuns: 500 },
    );
    const [override] = hiddenCharacters(siteModel({ statics: [{ file: 'static/im\u202Eg/a.txt', route: '/im\u202Eg/a.txt', contents: Buffer.from('x') }] }));
    expect(override?.message).toBe(
      'this text holds a right-to-left override (U+202E) after "/im", which readers cannot see but which changes how the text shows or reads, or breaks the feed and sitemap made from it',
    );
  });
});

describe('characterName', () => {
  it('names the character in plain words, with its code', () => {
    expect(characterName(0x0b)).toBe('a vertical tab (U+000B)');
    expect(characterName(0x200f)).toBe('a right-to-left mark (U+200F)');
    expect(characterName(0x0a)).toBe('a line break (U+000A)');
    expect(characterName(0x01)).toBe('a control character (U+0001)');
    expect(characterName(0xd800)).toBe('half a character (a lone surrogate, U+D800, which no file can hold)');
    expect(characterName(0x2003)).toBe('a space character (U+2003)');
  });

  it('gives a name that a message can go on after: no clause of its own outside brackets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x10ffff }), (code) => {
        expect(characterName(code)).toMatch(/^[^,]*\(.*\)$/);
      }),
      { numRuns: 5_000 },
    );
  });
});
