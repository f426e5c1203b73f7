// `site serve`: the output folder on localhost, as the CDN would serve it, until Ctrl+C.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandContext } from '../command-context.ts';
import { examples } from '../help.ts';
import { listen, untilInterrupted } from '../listening.ts';
import { portNumber } from '../options.ts';
import { projectRoot } from '../project-root.ts';

export function registerServe(program: Command, context: CommandContext): void {
  program
    .command('serve')
    .description("serve the output folder on localhost with the CDN's redirects, headers and 404 page")
    .option('-o, --out <dir>', 'folder to serve', 'dist')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', portNumber, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addHelpText(
      'after',
      examples([
        ['site serve', 'serve dist/ on http://127.0.0.1:8080'],
        ['site serve --port 0', 'on any free port (the address is printed)'],
        ['site build --out preview && site serve --out preview', 'build and serve another folder'],
        ['site serve --host 0.0.0.0 --port 3000', 'reachable from a phone on the same network'],
      ]),
    )
    .action(async (options: { out: string; port: number; host: string }) => {
      const { serve } = await import('../../serve/index.ts');
      const dir = resolve(projectRoot(process.cwd()), options.out);
      if (!existsSync(resolve(dir, 'index.html'))) {
        console.error(
          `${options.out} holds no built site (no index.html); run \`npx site build${options.out === 'dist' ? '' : ` --out ${options.out}`}\` first.`,
        );
        context.setStatus(1);
        return;
      }
      const server = await listen(() => serve({ dir, port: options.port, host: options.host }), options, context);
      if (!server) return;
      console.log(`Serving ${options.out} at ${server.url} (Ctrl+C to stop)`);
      await untilInterrupted(server);
    });
}
