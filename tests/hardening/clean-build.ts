// The first build of a hardening check's copy: the real site, which must build clean before any mutant
// is judged against it. A refusal is thrown with its located problems in the message, so a failing
// start says what is wrong with the copy rather than "ContentError".
import { expect } from 'vitest';
import type { Builder, BuildResult } from 'trn-site/internal/build.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';

export async function cleanBuild(builder: Builder): Promise<BuildResult> {
  const result = await builder.build().catch((error: unknown) => {
    throw error instanceof ContentError ? new Error(error.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')) : error;
  });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result;
}
