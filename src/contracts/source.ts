// Where things are in a content file: what every stage uses to point a diagnostic at a line.
import type { Diagnostic } from './diagnostics.ts';

/** A place in a text file, 1-based. */
export interface Position {
  line: number;
  column: number;
}

/** The keys and indexes down to a value, e.g. `['services', 2, 'title']`. */
export type FieldPath = readonly (string | number)[];

/** A parsed YAML document and a way back from field paths to source positions. */
export interface ParsedYaml {
  /** The plain value, or `undefined` when the text does not parse. */
  data: unknown;
  /** Syntax errors, located. */
  diagnostics: Diagnostic[];
  /** Where the value at `path` starts; falls back to the nearest existing parent. */
  locate(path: FieldPath): Position;
  /** Where the key `key` of the map at `path` starts (for unknown fields). */
  locateKey(path: FieldPath, key: string): Position;
}
