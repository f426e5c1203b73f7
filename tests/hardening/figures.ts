// The figures each hardening check prints, in one form: what it tried and what
// broke. The issue behind this suite asks for them by name (cases, crashes,
// unlocated messages, injected lines, leaked metadata, the slowest case), so a
// reader of CI's log sees at a glance that each promise held and on how much.

/** What one hardening check counts; a count it has no use for is left out. */
export interface Figures {
  /** Generated inputs tried. */
  cases: number;
  /** Inputs that ended in an internal error, a stack trace or a hang. */
  crashes?: number;
  /** Problems reported without a file, line and column inside the file at fault. */
  unlocated?: number;
  /** Lines, fields, entries or elements in a written file that its input did not describe. */
  injected?: number;
  /** Published raster files that still carry camera data (EXIF, GPS, XMP, IPTC). */
  leaked?: number;
  /** Files outside what the input described that were deleted or changed. */
  lost?: number;
  /** The slowest case, in milliseconds, and what it was. */
  slowest?: { ms: number; what: string };
  /** The slowest case's time per megabyte of input, in milliseconds. */
  slowestPerMegabyte?: { ms: number; what: string };
}

/** Prints one line of figures for the check `name`, e.g. `hardening markdown: 420 cases, 0 crashes, ...`. */
export function printFigures(name: string, figures: Figures): void {
  const parts = [`${figures.cases} cases`];
  const counts: [keyof Figures, string][] = [
    ['crashes', 'crashes'],
    ['unlocated', 'unlocated'],
    ['injected', 'injected lines'],
    ['leaked', 'leaked metadata'],
    ['lost', 'lost files'],
  ];
  for (const [key, label] of counts) if (figures[key] !== undefined) parts.push(`${figures[key] as number} ${label}`);
  if (figures.slowest) parts.push(`slowest ${figures.slowest.ms.toFixed(0)} ms (${figures.slowest.what})`);
  if (figures.slowestPerMegabyte) parts.push(`slowest ${figures.slowestPerMegabyte.ms.toFixed(0)} ms per MB (${figures.slowestPerMegabyte.what})`);
  console.log(`hardening ${name}: ${parts.join(', ')}`);
}
