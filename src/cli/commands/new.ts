// `site new <template> <route>`: the file of a new page, YAML or Markdown, with every field to fill in.
import type { Command } from 'commander';
import { guard, type CommandContext } from '../command-context.ts';
import { projectRoot } from '../project-root.ts';

export function registerNew(program: Command, context: CommandContext): void {
  program
    .command('new')
    .description("start a new page from one of the site's templates, with every field to fill in")
    .argument('<template>', "the page's template (the names in templates/index.ts)")
    .argument('<route>', 'the address of the page, e.g. /services/wiring (/ for the home page)')
    .addHelpText(
      'after',
      `
Examples:
  $ npx site new article /guides/getting-started
      writes pages/guides/getting-started.yaml, a page using the template "article"
  $ npx site new home /
      writes pages/index.yaml, the home page
  $ npx site new article /news/opening-day
      for a template of Markdown pages: writes pages/news/opening-day.md, a draft dated today

Template names are those in templates/index.ts; a name that is not one lists them.
An existing file is never replaced. Every field to fill in holds a placeholder
marked TODO: until it is written over; npx site check names each one left.`,
    )
    .action(async (template: string, route: string) => {
      context.setStatus(
        await guard(context.colour, async () => {
          const { createNewFile, newFileReport } = await import('../../scaffold/new-file.ts');
          const { dayOf } = await import('../../validate/publication.ts');
          const made = await createNewFile(projectRoot(process.cwd()), template, route, dayOf(new Date()));
          if ('problem' in made) {
            console.error(`Nothing was written: ${made.problem}.`);
            return 1;
          }
          for (const line of newFileReport(made, template)) console.log(line);
          return 0;
        }),
      );
    });
}
