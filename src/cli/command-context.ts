// What every command is handed by the program that registers it, and how a command's
// run turns into an exit status.
import { ContentError } from '../index.ts';
import { diagnosticsJson, formatDiagnostics, problemCount } from './diagnostics-text.ts';

export interface CommandContext {
  /** Whether diagnostics are coloured: stderr is a terminal and NO_COLOR is not set. */
  colour: boolean;
  /** Sets the status the run exits with (0 unless a command sets another). */
  setStatus(status: number): void;
  /** The key of the engine's code (bin/site.js works it out), which what a build keeps for the next is made with. */
  engine?: string;
}

/** User errors print located lines and exit 1; anything else is a bug and keeps its stack. */
export async function guard(colour: boolean, run: () => Promise<number>, json = false): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentError) {
      if (json) console.log(diagnosticsJson(error.diagnostics));
      else {
        console.error(formatDiagnostics(error.diagnostics, colour));
        console.error(`${problemCount(error.diagnostics)}; nothing was written.`);
      }
      return 1;
    }
    console.error('Internal error (this is a bug in the generator, not in your content):');
    console.error(error instanceof Error ? error.stack : error);
    return 2;
  }
}
