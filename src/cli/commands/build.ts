// `site build`: validate, render and replace the output folder; one summary line, or more with --verbose.
import type { Command } from 'commander';
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildResult } from '../../index.ts';
import { byteSize } from '../../contracts/output.ts';
import { guard, type CommandContext } from '../command-context.ts';
import { formatBytes, formatDiagnostics, summaryLine } from '../diagnostics-text.ts';
import { examples } from '../help.ts';
import { baseUrlOption, editorFor, editorOption, threadsOption } from '../options.ts';
import { projectRoot } from '../project-root.ts';
import { ADMIN_FOLDER } from '../../cms/admin-page.ts';

interface BuildFlags {
  out: string;
  baseUrl?: string;
  quiet?: boolean;
  verbose?: boolean;
  strict?: boolean;
  drafts?: boolean;
  editor: boolean;
  threads: number | 'auto';
}

export function registerBuild(program: Command, context: CommandContext): void {
  program
    .command('build')
    .description('validate the content, render every page and write the site to the output folder')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .addOption(baseUrlOption())
    .option('-q, --quiet', 'print nothing but errors')
    .option('--verbose', 'also list every page and the size of each script bundle')
    .option('--strict', 'treat warnings as errors (for CI): nothing is written while there is one')
    .option('--drafts', 'also publish drafts and pages dated in the future (for previews)')
    .addOption(editorOption())
    .addOption(threadsOption())
    .addHelpText(
      'after',
      examples([
        ['site build', 'validate, render and replace dist/ with the new site'],
        ['site build --strict --quiet', 'for CI: warnings fail too, and only problems are printed'],
        ['site build --drafts --out preview --base-url https://preview.example.com', 'a preview with drafts and future pages, in preview/'],
        ['site build --verbose', "also list every page, each script's size and the time of each stage"],
      ]),
    )
    .action(async (options: BuildFlags) => {
      context.setStatus(await guard(context.colour, () => buildSite(options, context.colour, context.engine)));
    });
}

async function buildSite(options: BuildFlags, colour: boolean, engine: string | undefined): Promise<number> {
  const root = projectRoot(process.cwd());
  const result = await build({
    ...(engine ? { engine } : {}),
    root,
    ...editorFor(root, options.editor, true),
    out: options.out,
    baseUrl: options.baseUrl || undefined,
    strict: options.strict,
    drafts: options.drafts,
    stream: true,
    threads: options.threads,
  });
  if (result.diagnostics.length && !options.quiet) console.error(formatDiagnostics(result.diagnostics, colour));
  if (options.verbose) printDetails(result);
  if (!options.quiet) console.log(summaryLine(result.stats, relative(process.cwd(), resolve(projectRoot(process.cwd()), options.out)) || '.'));
  return 0;
}

/** --verbose: every page, each script's size, each stage's time and memory, and the photos made. */
function printDetails(result: BuildResult): void {
  for (const page of result.pages) console.log(`  ${page.route.padEnd(48)} ${page.output}`);
  // The site's own scripts: the editor's (Decap's 6 MB) are not the visitors'.
  for (const file of result.files.filter((f) => f.path.endsWith('.js') && !`/${f.path}`.startsWith(ADMIN_FOLDER))) {
    console.log(`  ${file.path.padEnd(48)} ${formatBytes(byteSize(file.contents))}, ${formatBytes(gzipSync(file.contents).byteLength)} gzip`);
  }
  const { memory } = result.stats;
  console.log(
    `  stages: ${Object.entries(result.stats.stages)
      .map(([name, ms]) => `${name} ${ms} ms (${memory.stages[name]} MB)`)
      .join(', ')}; peak ${memory.peak} MB`,
  );
  const { images } = result.stats;
  if (images.drawn + images.cached > 0)
    console.log(`  images: ${images.drawn} photo${images.drawn === 1 ? '' : 's'} made into variants, ${images.cached} from the cache`);
}
