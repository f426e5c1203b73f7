// `site check [files…]`: everything a build does but writing, plus the templates' types; every problem at once.
import type { Command } from 'commander';
import { Option } from 'commander';
import { resolve } from 'node:path';
import { check } from '../../index.ts';
import { guard, type CommandContext } from '../command-context.ts';
import { diagnosticsJson, formatDiagnostics, problemCount } from '../diagnostics-text.ts';
import { examples } from '../help.ts';
import { baseUrlOption, editorFor, editorOption, threadsOption } from '../options.ts';
import { projectRoot } from '../project-root.ts';

interface CheckFlags {
  format: 'text' | 'json';
  baseUrl?: string;
  strict?: boolean;
  drafts?: boolean;
  types: boolean;
  editor: boolean;
  threads: number | 'auto';
}

export function registerCheck(program: Command, context: CommandContext): void {
  program
    .command('check')
    .description('validate the content and type-check the templates, and report every problem at once, without writing the site')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addOption(baseUrlOption())
    .option('--strict', 'treat warnings as errors (for CI)')
    .option('--drafts', 'also check drafts and pages dated in the future as published pages')
    .argument('[files...]', 'report only on these files or folders, relative to the current folder (see below)')
    .option('--no-types', 'skip type-checking the templates with TypeScript')
    .addOption(editorOption())
    .addOption(threadsOption())
    .addHelpText(
      'after',
      [
        '',
        'With files, the whole site is still checked, and the report keeps to the named',
        'files and to problems elsewhere about them: links in other files to the pages',
        'they are, another file claiming the same route, a named template failing on any',
        'page; and anything in site.yaml or the theme that stopped every page rendering.',
        'The exit status counts only what is reported.',
        examples([
          ['site check', "the whole site, templates' types included"],
          ['site check pages/about/team.yaml', 'one page, and links elsewhere to /about/team'],
          ['site check templates/pages/article.tsx pages/guides', 'a template and a folder of pages'],
          ['site check --strict --format json', 'for CI tools: warnings fail too, as JSON'],
        ]),
      ].join('\n'),
    )
    .action(async (files: string[], options: CheckFlags) => {
      context.setStatus(await guard(context.colour, () => checkSite(files, options, context.colour), options.format === 'json'));
    });
}

async function checkSite(files: string[], options: CheckFlags, colour: boolean): Promise<number> {
  const root = projectRoot(process.cwd());
  const diagnostics = await check({
    root,
    // As site build does: the editor's page and headers are part of what is checked.
    ...editorFor(root, options.editor, false),
    baseUrl: options.baseUrl || undefined,
    strict: options.strict,
    drafts: options.drafts,
    types: options.types,
    threads: options.threads,
    ...(files.length ? { files: files.map((file) => resolve(process.cwd(), file)) } : {}),
  });
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (options.format === 'json') console.log(diagnosticsJson(diagnostics));
  else if (diagnostics.length) console.error(formatDiagnostics(diagnostics, colour));
  // The count goes to stdout when all is well (a passing check says so) and with the problems otherwise.
  if (options.format === 'text') (errors === 0 ? console.log : console.error)(`${problemCount(diagnostics)}.`);
  return errors > 0 ? 1 : 0;
}
