// A second, faster reader for plain YAML, used only to fill the parse cache
// when thousands of texts arrive at once (a first build, a new checkout: see
// parse-threads.ts). The full reader (yaml.ts) keeps every node's position and
// says what is wrong in plain words; that costs about twice the time, and a
// clean text needs neither. There is one reading of YAML all the same: this
// reader may give a value only where it is certain to be the full reader's.
//
// js-yaml does the reading of structure (maps, lists, quoting, block scalars);
// what a plain scalar means (null, a boolean, a number, text) is decided by the
// full reader's own rules, taken from its schema, not by js-yaml's: the two
// libraries read forms such as 1e999 differently (text against Infinity).
// Only texts with nothing the two could take differently are read here: no
// comment that may cut text short (which the full reader warns about), no
// anchors, aliases, tags or merge keys, and only keys that are plain words.
// Anything else, and anything js-yaml refuses, returns undefined and goes to
// the full reader, which makes the diagnostics.
import { defineScalarTag, FAILSAFE_SCHEMA, load, NOT_RESOLVED, Schema } from 'js-yaml';
import { isScalar, Schema as FullReaderSchema } from 'yaml';

/** The full reader's tests and meanings of plain scalars (its YAML 1.2 core schema), in the order it tries them. */
const FULL_READER_SCALARS = new FullReaderSchema({ schema: 'core' }).tags.flatMap((tag) =>
  tag.default === true && 'test' in tag && tag.test instanceof RegExp && typeof tag.resolve === 'function'
    ? [{ test: tag.test, resolve: tag.resolve as (source: string, onError: (message: string) => void, options: object) => unknown }]
    : [],
);

/** The full reader's options for a scalar's meaning: its defaults (numbers, not big integers). */
const FULL_READER_OPTIONS = {};

/** A meaning the full reader would complain about: the text goes to the full reader. */
function refuse(message: string): never {
  throw new Error(message);
}

/**
 * A plain scalar's value as the full reader makes it: the first of its tests the text passes decides
 * (text when none does). A meaning the full reader would complain about is no value here either.
 */
const plainScalar = defineScalarTag('tag:yaml.org,2002:plain', {
  implicit: true,
  // Every form the tests accept starts with one of these (null, booleans, numbers); other text is text.
  implicitFirstChars: ['', '~', 'n', 'N', 't', 'T', 'f', 'F', '+', '-', '.', ...'0123456789'],
  resolve: (source) => {
    for (const scalar of FULL_READER_SCALARS) {
      if (!scalar.test.test(source)) continue;
      const value = scalar.resolve(source, refuse, FULL_READER_OPTIONS);
      return isScalar(value) ? value.value : value;
    }
    return NOT_RESOLVED;
  },
  identify: () => false,
});

/** Structure from js-yaml (text, lists, maps), meaning of plain scalars from the full reader. */
const ONE_READING = new Schema([...FAILSAFE_SCHEMA.tags, plainScalar]);

// `#` straight after a space or a line start and followed by text: a comment the full reader may warn about.
// `&`, `*` or `!` starting a token and followed by a name: an anchor, an alias or a tag. `?` starting a
// token: a complex key. `---`, `...` or `%` starting a line: document markers and directives. `<<`: a merge key. `__proto__`: a key no object should take. Tabs and carriage
// returns: whitespace the two readers might count differently.
const NEEDS_FULL_READER = /(?:^|\s)#\S|(?:^|[\s[\]{},:?-])(?:[&*!]\S|\?)|^(?:---|\.\.\.|%)|<<|__proto__|\t|\r/m;
// Property names the two readers agree on: plain words. A key such as `1`, `~`, `.inf` or `0x1` is a
// number or null first, and each reader writes that back as a name its own way; `null`, `true`,
// `Infinity` and the like are what such keys become, so they are left to the full reader too.
const PLAIN_KEY = /^[A-Za-z_][\w-]*$/;
const READ_AS_OTHER_TYPES = new Set(['null', 'true', 'false', 'Infinity', 'NaN']);

/** The value of a plain YAML text, or undefined when only the full reader (yaml.ts) may judge it. */
export function quickYamlValue(text: string): unknown {
  if (NEEDS_FULL_READER.test(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: ONE_READING });
  } catch {
    return undefined;
  }
  // An empty text, or one that is only a scalar or a list, is left to the full reader: pages are maps.
  return isPlainMap(value) && plainKeys(value) ? value : undefined;
}

/** Whether every map in `value` has only plain-word keys. */
function plainKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainKeys);
  if (!isPlainMap(value)) return typeof value !== 'object' || value === null;
  for (const [key, member] of Object.entries(value)) {
    if (!PLAIN_KEY.test(key) || READ_AS_OTHER_TYPES.has(key) || !plainKeys(member)) return false;
  }
  return true;
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}
