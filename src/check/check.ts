// `site check`: everything a build does but writing, so a passing check means a passing build;
// with files named, only what concerns them is reported (see named-files.ts).
import { resolve } from 'node:path';
import { build } from '../build.ts';
import type { CheckOptions } from '../contracts/build.ts';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { concerning, namedFiles } from './named-files.ts';

export async function check(options: CheckOptions = {}): Promise<Diagnostic[]> {
  const { files, ...rest } = options;
  const named = files ? namedFiles(resolve(options.root ?? '.'), files) : undefined;
  if (named?.problems.length) return named.problems;
  let found: Diagnostic[];
  try {
    found = (await build({ stream: true, threads: 'auto', ...rest, write: false })).diagnostics;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    found = error.diagnostics;
  }
  return named ? found.filter(concerning(named.named)) : found;
}
