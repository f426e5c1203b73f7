// One build's share of decapCopy, in a process of its own, for src/cms/decap-copy.test.ts: takes the
// copy (making it when missing) and links each file into `out`, as the writer does.
import { linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { decapCopy } from 'trn-site/internal/cms/decap-copy.ts';

export async function main([pkg, cache, out, at]: string[]): Promise<number> {
  // The builds start together, at `at` (ms since the epoch), whatever their processes took to start.
  while (Date.now() < Number(at)) await new Promise((resolve) => setTimeout(resolve, 1));
  const { files, own } = decapCopy(pkg!, /\.js$/, cache!);
  if (own) return 3;
  mkdirSync(out!, { recursive: true });
  for (const f of files) linkSync(f.file, join(out!, f.name));
  return 0;
}
