// The phone module: E.164's shape, whether a number dials anyone (libphonenumber-js, max metadata), and a printed form's digits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialProblem, isE164, printedExtension, printedMatches } from './phone.ts';

/** Area codes of Toronto and the GTA. */
const GTA = ['416', '647', '437', '905', '289', '365'];
/** A number of the range North America keeps for fiction, 555-0100 to 555-0199, in a GTA area code. */
const fictional = fc.tuple(fc.constantFrom(...GTA), fc.integer({ min: 100, max: 199 })).map(([area, line]) => `+1${area}5550${line}`);

describe('dialProblem', () => {
  it('accepts the site’s numbers and every 555-01XX number of the GTA', () => {
    for (const number of ['+14165550100', '+14165550142', '+19055550199']) expect(dialProblem(number)).toBeUndefined();
    fc.assert(fc.property(fictional, (number) => dialProblem(number) === undefined));
  });

  it('refuses any of them with a digit dropped, as a digit short', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 2, max: 11 }), (number, at) => {
        const short = number.slice(0, at) + number.slice(at + 1);
        expect(isE164(short)).toBe(true);
        expect(dialProblem(short)).toMatch(/too short|not .* anyone can dial|no country/);
      }),
    );
    expect(dialProblem('+1905555019')).toBe('it is too short for a +1 number: a digit is missing');
  });

  it('refuses a number that keeps its trunk prefix after the country code, naming the number to write', () => {
    expect(dialProblem('+4402079460958')).toBe('it keeps the digit 0 that is dialled only inside the country after the country code: write +442079460958');
    expect(dialProblem('+114165550100')).toBe('it keeps the digit 1 that is dialled only inside the country after the country code: write +14165550100');
    fc.assert(
      fc.property(fictional, (number) => {
        expect(dialProblem(`+11${number.slice(2)}`)).toBe(
          `it keeps the digit 1 that is dialled only inside the country after the country code: write ${number}`,
        );
      }),
    );
  });

  it('refuses any of them with a digit added, as a digit too many', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 9 }), (number, at, digit) => {
        const long = number.slice(0, at) + digit + number.slice(at);
        expect(dialProblem(long)).toMatch(/too long|length|not .* anyone can dial|keeps the digit/);
      }),
    );
  });

  it('refuses North American numbers whose area or exchange code starts with 0 or 1, which no such number has', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1'), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.integer({ min: 0, max: 9999 }), (first, rest, inArea, line) => {
        const code = `${first}${String(rest).padStart(2, '0')}`;
        const number = inArea ? `+1${code}555${String(line).padStart(4, '0')}` : `+1416${code}${String(line).padStart(4, '0')}`;
        expect(dialProblem(number)).toMatch(/not .* anyone can dial/);
      }),
    );
    expect(dialProblem('+11234567890')).toBe('it is not a +1 number anyone can dial: its area or exchange code is not in use');
  });

  it('names the country when it knows it, and refuses a country code no country has', () => {
    expect(dialProblem('+1416555010')).toBe('it is too short for a +1 number: a digit is missing');
    expect(dialProblem('+3312345678')).toBe('it is too short for a number of France (+33): a digit is missing');
    expect(dialProblem('+12425550100')).toMatch(/^it is not a number of Bahamas \(\+1\) anyone can dial/);
    expect(dialProblem('+80012345678')).toBeUndefined();
    expect(dialProblem('+99912345678')).toBe("no country's numbers start with +999");
    expect(dialProblem('+442079460958')).toBeUndefined();
  });
});

describe('printedMatches', () => {
  it('accepts any punctuation around the same digits, with or without North America’s leading 1', () => {
    fc.assert(
      fc.property(fictional, fc.array(fc.constantFrom(' ', '-', '.', '(', ')'), { maxLength: 4 }), fc.boolean(), (e164, marks, one) => {
        const digits = e164.slice(one ? 1 : 2);
        const display = [...digits].map((d, i) => d + (marks[i % Math.max(marks.length, 1)] ?? '')).join('');
        expect(printedMatches({ e164, display })).toBe(true);
      }),
    );
  });

  it('accepts the number as its country prints it, in any digits, or spelled on the keypad', () => {
    const same = [
      ['+442079460958', '020 7946 0958'],
      ['+442079460958', '+44 (0)20 7946 0958'],
      ['+33142685300', '01 42 68 53 00'],
      ['+14165550100', '(٤١٦) ٥٥٥-٠١٠٠'],
      ['+14165550100', '（４１６）５５５－０１００'],
      ['+18003569377', '1-800-FLOWERS'],
      ['+18003569377', 'Call 1-800-flowers'],
      ['+14165550100', '1 (416) 555-0100'],
    ];
    for (const [e164, display] of same) expect(printedMatches({ e164: e164!, display: display! }), display).toBe(true);
    // Another number, a digit too many, two numbers, the national form of another country's number.
    const other = [
      ['+442079460958', '020 7946 0959'],
      ['+14165550100', '416 555 0100 9'],
      ['+14165550100', '416 555 0100 or 905 555 0199'],
      ['+442079460958', '+1 207 946 0958'],
      ['+18003569377', '1-800-FLOWERZ'],
    ];
    for (const [e164, display] of other) expect(printedMatches({ e164: e164!, display: display! }), display).toBe(false);
  });

  it('tells an extension apart: the number printed is the one dialled, and more that the link never dials', () => {
    fc.assert(
      fc.property(fictional, fc.stringMatching(/^[1-9]\d{0,4}$/), fc.constantFrom(' x', ' ext. ', ' extension ', ' ext '), (e164, extension, mark) => {
        const display = `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}${mark}${extension}`;
        expect(printedMatches({ e164, display })).toBe(false);
        expect(printedExtension({ e164, display })).toBe(extension);
      }),
    );
    expect(printedExtension({ e164: '+14165550100', display: '(416) 555-0100' })).toBeUndefined();
  });

  it('refuses a printed form with any digit changed', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (e164, at, plus) => {
        const digits = [...e164.slice(2)];
        digits[at] = String((Number(digits[at]) + plus) % 10);
        expect(printedMatches({ e164, display: digits.join('') })).toBe(false);
      }),
    );
  });
});
