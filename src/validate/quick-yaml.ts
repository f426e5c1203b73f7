// A second, faster reader for plain YAML, used only to fill the parse cache
// when thousands of texts arrive at once (a first build, a new checkout: see
// parse-threads.ts). The full reader (yaml.ts) keeps every node's position and
// says what is wrong in plain words; that costs about twice the time, and a
// clean text needs neither. js-yaml reads the same YAML 1.2 core schema.
//
// Only texts with nothing the two readers could take differently are read
// here: no comment that may cut text short (which the full reader warns
// about), no anchors, aliases, tags or merge keys, and only keys that are
// plain words. Anything else, and anything js-yaml refuses, returns
// undefined and goes to the full reader, which makes the diagnostics.
import { CORE_SCHEMA, load } from 'js-yaml';

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
    value = load(text, { schema: CORE_SCHEMA });
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
