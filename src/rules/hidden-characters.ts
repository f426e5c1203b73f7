// Characters a reader cannot see that change what a page says: NUL (which
// browsers drop or turn into a replacement mark) and the bidirectional controls
// that reorder text as it is displayed (the "Trojan Source" trick: a price or a
// phone number that reads one way and is another). Refused where they are
// written, in every text value and in posts' bodies.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PostEntry, SiteModel } from '../contracts/model.ts';
import type { ParsedYaml } from '../validate/yaml.ts';
import { formatPath } from '../validate/json-schema.ts';
import { perObject } from '../memo.ts';
import { walk } from './link-sources.ts';
import { bodyPosition, contentSources } from './content-sources.ts';

const HIDDEN = /[\u0000\u202A-\u202E\u2066-\u2069]/;

export function hiddenCharacters(model: SiteModel): Diagnostic[] {
  return [...contentSources(model).flatMap(({ file, source }) => inData(source)(file)), ...model.posts.flatMap(inBody)];
}

/** The character's name, as the message gives it. */
function named(character: string): string {
  const code = character.codePointAt(0)!;
  if (code === 0) return 'a NUL character (U+0000)';
  return `an invisible text-direction control (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

const inData = perObject((source: ParsedYaml) => {
  const found: { character: string; path: (string | number)[] }[] = [];
  walk(source.data, [], (text, path) => {
    const character = HIDDEN.exec(text)?.[0];
    if (character !== undefined) found.push({ character, path: [...path] });
  });
  return (file: string): Diagnostic[] =>
    found.map(({ character, path }) => diagnostic('hidden-character', { file, ...source.locate(path), path: formatPath(path) }, { character: named(character) }));
});

const inBody = perObject((post: PostEntry): Diagnostic[] => {
  const match = HIDDEN.exec(post.body);
  if (!match) return [];
  return [diagnostic('hidden-character', { file: post.file, ...bodyPosition(post.body, post.bodyLine, match.index) }, { character: named(match[0]) })];
});
