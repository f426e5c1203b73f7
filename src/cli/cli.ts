// The command line: flags in, library calls, diagnostics out, an exit status.
// Nothing here decides anything about content. The program is here; each command
// is a module of its own under commands/, registered in the order help lists them.
import { Command } from 'commander';
import { resolve } from 'node:path';
import { projectRoot } from './project-root.ts';
import { recover } from '../write/write.ts';
// Loaded with the CLI, not with `site dev`: an engine thread runs the CLI's module and never the
// commands it loads on demand, and this registers the role the dev server's builds run in there.
import '../dev/build-thread.ts';
import type { CommandContext } from './command-context.ts';
import { examples } from './help.ts';
import { registerBuild } from './commands/build.ts';
import { registerCheck } from './commands/check.ts';
import { registerReport } from './commands/report.ts';
import { registerNew } from './commands/new.ts';
import { registerServe } from './commands/serve.ts';
import { registerDev } from './commands/dev.ts';

/** Runs the CLI; `version` comes from package.json, which bin/site.js reads. */
export async function main(argv: string[], version: string, engine?: string): Promise<number> {
  let status = 0;
  const context: CommandContext = {
    colour: Boolean(process.stderr.isTTY) && !process.env.NO_COLOR,
    setStatus: (code) => (status = code),
    ...(engine ? { engine } : {}),
  };
  const program = siteProgram(version);
  for (const register of [registerBuild, registerCheck, registerReport, registerNew, registerServe, registerDev]) register(program, context);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { code?: string; exitCode?: number }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return 0;
    if (code?.startsWith('commander.')) return (error as { exitCode?: number }).exitCode ?? 1;
    throw error;
  }
  return status;
}

/** The `site` program without its commands: its help, version, and what runs before any command. */
function siteProgram(version: string): Command {
  return new Command('site')
    .description('Build, check and preview the website from site.yaml, pages/ and templates/.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      examples([
        ['site build && site serve', 'build the site into dist/ and preview it on http://127.0.0.1:8080'],
        ['site check', "every problem at once, templates' types included, writing nothing"],
        ['site check pages/about.yaml', 'only what concerns one page'],
        ['site build --help', 'the options of one command'],
      ]),
    )
    .hook('preAction', async (_program, command) => {
      // A build killed between the two renames of its swap leaves the output folder set aside, and one killed
      // earlier leaves its half-written tree: whatever the next command is, it puts the last complete build
      // back and clears the leftovers first (a build still running in another process keeps its own).
      const out = (command.opts() as { out?: unknown }).out;
      await recover(resolve(projectRoot(process.cwd()), typeof out === 'string' ? out : 'dist')).catch(() => undefined);
    });
}
