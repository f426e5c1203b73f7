// The guard every writer of an output file keeps: a value its format cannot
// hold is never written, not even escaped into something else. The rules
// refuse such values where they are written (a located problem for the
// editor), so a writer that meets one has been handed it by a bug in the
// engine or the theme: it throws this, which the CLI reports as an internal error.

/** A writer was given a value its file cannot hold. */
export class UnwritableValue extends Error {
  constructor(
    /** The file being written, e.g. `_redirects`. */
    readonly file: string,
    /** What the value is, e.g. `a redirect's target`. */
    readonly what: string,
    readonly value: string,
  ) {
    super(
      `${file}: ${what} ${JSON.stringify(value.length > 200 ? value.slice(0, 200) + '…' : value)} cannot be written into ${file}; the rules should have refused it where it is written`,
    );
    this.name = 'UnwritableValue';
  }
}
