// `site report [--targets file]`: the content report of the site, held to targets when given.
import type { Command } from 'commander';
import { guard, type CommandContext } from '../command-context.ts';
import { examples } from '../help.ts';
import { projectRoot } from '../project-root.ts';

export function registerReport(program: Command, context: CommandContext): void {
  program
    .command('report')
    .description('print a content report of the site: words per page, most similar pages, reading grade')
    .option('--targets <file>', 'YAML file of targets the report must meet (exit status 1 if one is missed)')
    .addHelpText(
      'after',
      examples([
        ['site report', 'words, similarity and reading grade of every page'],
        ['site report --targets content-targets.yaml', "held to the site's targets, as npm run content:report does"],
      ]),
    )
    .action(async (options: { targets?: string }) => {
      context.setStatus(
        await guard(context.colour, async () => {
          const { report } = await import('../../report/index.ts');
          const { formatReport } = await import('../../report/terminal.ts');
          const { report: content, results } = await report({ root: projectRoot(process.cwd()), targets: options.targets });
          console.log(formatReport(content, results));
          return results.every((r) => r.met) ? 0 : 1;
        }),
      );
    });
}
