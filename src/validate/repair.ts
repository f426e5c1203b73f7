// What a text that misses its field's pattern was most likely meant to be:
// the value with one of the slips people make when typing a form undone
// (a space at an end, a missing leading zero, curly quotes, spaces or dashes
// inside a code, the wrong case), when that makes it match. The message can
// then say "write 07:30" instead of describing the pattern. Pure; knows no
// field: the pattern decides.

/** Each slip undone, simplest first; a candidate is tried only if it differs from the value. */
const REPAIRS: ((text: string) => string)[] = [
  (text) => text.trim(),
  // 7:30 for 07:30, 2024-3-5 for 2024-03-05: a number of one digit among others of two.
  (text) => text.trim().replace(/(?<!\d)(\d)(?!\d)/g, '0$1'),
  (text) =>
    text
      .trim()
      .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
      .replace(/[\u201C\u201D\u201E\u201F]/g, '"'),
  (text) => text.trim().replace(/[\s\u00A0]+/g, ' '),
  (text) => text.replace(/[\s\u00A0]+/g, ''),
  (text) => text.replace(/[\s\u00A0().-]+/g, ''),
  (text) => text.trim().replace(/[\s\u00A0_]+/g, '-'),
  (text) => text.trim().toLowerCase(),
  (text) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s\u00A0_]+/g, '-'),
  (text) => text.trim().toUpperCase(),
  // 7.30 or 7h30 for 07:30.
  (text) => text.trim().replace(/^(\d{1,2})[.h](\d{2})$/, (_, h: string, m: string) => `${h.padStart(2, '0')}:${m}`),
];

/** The first repair of `value` that matches `pattern` (a JSON Schema pattern), or undefined. */
export function repairFor(value: string, pattern: string): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  for (const repair of REPAIRS) {
    const candidate = repair(value);
    if (candidate !== value && candidate !== '' && regex.test(candidate)) return candidate;
  }
  return undefined;
}
