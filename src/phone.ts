// Phone numbers, the one place that knows what makes one right: its E.164 form
// (what `tel:` links and site.yaml write), whether that form is a number anyone
// can dial, and whether a printed form is the same number. Site data, the link
// rule on every `tel:` link and the theme's rule on site.yaml all ask here.
//
// Dialable is decided by libphonenumber-js (Google's libphonenumber metadata, kept
// up to date with every country's numbering plan) with its "max" metadata: the
// "min" and default sets judge a number by its length and leading digits only,
// while "max" also knows which ranges are in use (min and default accept
// +1 242 555-0100, which the Bahamas never assigned; max refuses it). All three
// refuse a digit short (+1905555019) and an area code no one has (+11234567890),
// and all three accept the 555-0100 to 555-0199 numbers North America keeps for
// fiction, which this site uses (+14165550100, +19055550199), because those are
// real, dialable lines of the plan, set aside so that no subscriber gets them.
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';

/**
 * E.164 as written in `tel:` links and site data: a plus, a country code that
 * does not start with 0, then the number, 8 to 15 digits in all, nothing else.
 * (Shorter numbers exist only inside some countries' own plans; a business line
 * a visitor can dial from a phone is never shorter.) The shape only: see `dialProblem`.
 */
export const E164_PATTERN = '^\\+[1-9]\\d{7,14}$';
const E164 = new RegExp(E164_PATTERN);

/** Whether `number` is in E.164 form, e.g. `+14165550100` (its shape; whether it dials anyone is `dialProblem`). */
export function isE164(number: string): boolean {
  return E164.test(number);
}

/** The `tel:` link of an E.164 number. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/**
 * Why the E.164 number `e164` dials nobody, in plain words, or undefined when it is a
 * number of its country's plan. Assumes the E.164 shape (`isE164`).
 */
export function dialProblem(e164: string): string | undefined {
  // Every page links the same few numbers: each is judged once (a judgement is some microseconds).
  if (judged.has(e164)) return judged.get(e164);
  if (judged.size >= MOST_JUDGED) judged.clear();
  const why = judge(e164);
  judged.set(e164, why);
  return why;
}

const judged = new Map<string, string | undefined>();
/** Numbers remembered at most: content may hold any number of different ones. */
const MOST_JUDGED = 1_000;

function judge(e164: string): string | undefined {
  const length = validatePhoneNumberLength(e164);
  const parsed = parsePhoneNumberFromString(e164);
  if (length === 'INVALID_COUNTRY' || !parsed) return `no country's numbers start with ${e164.slice(0, 4)}`;
  const a = parsed.country ? `a number of ${regionName(parsed.country)} (+${parsed.countryCallingCode})` : `a +${parsed.countryCallingCode} number`;
  if (length === 'TOO_SHORT') return `it is too short for ${a}: a digit is missing`;
  if (length === 'TOO_LONG') return `it is too long for ${a}: it has a digit too many`;
  if (length === 'INVALID_LENGTH') return `it has a length that no number of +${parsed.countryCallingCode} has`;
  if (!parsed.isValid()) return `it is not ${a} anyone can dial: its area or exchange code is not in use`;
  // libphonenumber reads past a trunk prefix kept after the country code (+44 020..., +1 1 416...)
  // and judges the number without it; the link would still dial the digit, which most networks refuse.
  if (parsed.number !== e164)
    return `it keeps the digit ${e164.slice(1 + parsed.countryCallingCode.length, e164.length - parsed.nationalNumber.length)} that is dialled only inside the country after the country code: write ${parsed.number}`;
  return undefined;
}

/**
 * Whether `display`, as printed, is the number `e164` dials, and nothing more: the same digits with any
 * punctuation, or the number as its country prints it (a trunk 0 in London's 020 7946 0958, North
 * America's 1 left out), in any digits (Arabic-Indic ٤١٦, full-width ４１６) or spelled on the keypad
 * (1-800-FLOWERS). An extension is not the number the link dials (see `printedExtension`).
 */
export function printedMatches(phone: { e164: string; display: string }): boolean {
  const digits = phone.e164.replace(/^\+/, '');
  const printed = phone.display.replace(/\D/g, '');
  if (printed === digits || (digits.startsWith('1') && printed === digits.slice(1))) return true;
  return readings(phone).some((reading) => reading.number === phone.e164 && reading.ext === undefined);
}

/** The extension `display` prints after the number `e164` dials, which a tel: link never dials; undefined when it prints none. */
export function printedExtension(phone: { e164: string; display: string }): string | undefined {
  return readings(phone).find((reading) => reading.number === phone.e164 && reading.ext !== undefined)?.ext;
}

/**
 * The two ways a phone whose printed and dialled forms disagree can be made to agree: the E.164 form
 * of the number printed (when the print is the one that is right, and it is a number anyone can
 * dial), and the number dialled as its country prints it (when the link is the one that is right).
 */
export function agreeingForms(phone: { e164: string; display: string }): { e164?: string; display?: string } {
  const printed = readings(phone).find((reading) => reading.ext === undefined && isE164(reading.number) && dialProblem(reading.number) === undefined)?.number;
  const dialled = dialProblem(phone.e164) === undefined ? parsePhoneNumberFromString(phone.e164)?.formatNational() : undefined;
  return { ...(printed !== undefined ? { e164: printed } : {}), ...(dialled !== undefined ? { display: dialled } : {}) };
}

/** What libphonenumber reads in `display` as a number of `e164`'s country: as written, and with its letters as the keypad's digits. */
function readings(phone: { e164: string; display: string }): { number: string; ext?: string }[] {
  const country = parsePhoneNumberFromString(phone.e164)?.country;
  const texts = [phone.display];
  // A vanity number's letters stand for the keys they are on, from the first digit on (before it: "Call").
  const first = phone.display.search(/\p{Nd}/u);
  if (first >= 0 && /[A-Za-z]/.test(phone.display.slice(first))) texts.push(phone.display.slice(0, first) + keypad(phone.display.slice(first)));
  return texts.flatMap((text) => {
    const parsed = parsePhoneNumberFromString(text, country);
    return parsed ? [{ number: parsed.number, ext: parsed.ext }] : [];
  });
}

/** Letters as the digits of the keys they are on. */
function keypad(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => KEYS[letter.toUpperCase()]!);
}
const KEYS: Record<string, string> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, i) => [...letters].map((l) => [l, String(i + 2)])),
);

/** A country's name in English for a message, falling back to its code. */
function regionName(region: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
