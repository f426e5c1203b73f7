// Builds the real site once into a temporary folder and serves it with the
// preview server, as `npm start` does, for tests that need the whole thing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildResult } from 'trn-site/internal/build.ts';
import { serve } from 'trn-site/serve';

export interface ServedSite {
  url: string;
  out: string;
  result: BuildResult;
  close(): Promise<void>;
}

export async function buildAndServe(): Promise<ServedSite> {
  const out = await mkdtemp(join(tmpdir(), 'site-dist-'));
  const result = await build({ root: '.', out, editorSchemas: false });
  const server = await serve({ dir: out, port: 0 });
  return {
    url: server.url,
    out,
    result,
    close: async () => {
      await server.close();
      await rm(out, { recursive: true, force: true });
    },
  };
}
