// `site dev`: build into memory, serve, and rebuild and reload on every save, until Ctrl+C.
import type { Command } from 'commander';
import { relative } from 'node:path';
import type { DevReport } from '../../dev/dev.ts';
import type { CommandContext } from '../command-context.ts';
import { listen, untilInterrupted } from '../listening.ts';
import { baseUrlOption, portNumber } from '../options.ts';
import { projectRoot } from '../project-root.ts';

export function registerDev(program: Command, context: CommandContext): void {
  program
    .command('dev')
    .description('build into memory, serve, and rebuild on every change, reloading the browser (drafts shown)')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', portNumber, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      `
Examples:
  $ npx site dev                  serve on http://127.0.0.1:8080 and rebuild on every save
  $ npx site dev --port 3000      another port, when 8080 is taken
  $ npx site dev --host 0.0.0.0   let a phone on the same network open it (at this machine's address)

Save any file under site.yaml, pages/, static/ or templates/: the pages it affects are rebuilt
and their open tabs reload. A mistake shows in the terminal and over the page until it is fixed.`,
    )
    .action(async (options: { port: number; host: string; baseUrl?: string }) => {
      const { startDev } = await import('../../dev/dev.ts');
      const { devReportText } = await import('../dev-text.ts');
      const root = projectRoot(process.cwd());
      const report = (event: DevReport) => console.log(devReportText(event, context.colour));
      const server = await listen(
        () => startDev({ root, port: options.port, host: options.host, baseUrl: options.baseUrl || undefined, report }),
        options,
        context,
      );
      if (!server) return;
      console.log(
        `Serving ${relative(process.cwd(), root) || '.'} at ${server.url} with drafts and future pages shown; every save rebuilds and reloads (Ctrl+C to stop).`,
      );
      await untilInterrupted(server);
    });
}
