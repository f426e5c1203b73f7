// A place in a text file, 1-based: where the YAML reader and the top-level scan say something is.
export interface Position {
  line: number;
  column: number;
}
