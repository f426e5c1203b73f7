// The command line: flags in, library calls, diagnostics out, an exit status.
// Nothing here decides anything about content.
import { Command, InvalidArgumentError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, check, ContentError } from '../index.ts';
import { projectRoot } from './project-root.ts';
import { recover } from '../write/write.ts';
// Loaded with the CLI, not with `site dev`: an engine thread runs the CLI's module and never the
// commands it loads on demand, and this registers the role the dev server's builds run in there.
import '../dev/build-thread.ts';
import { problemCount, diagnosticsJson, formatBytes, formatDiagnostics, summaryLine } from './diagnostics-text.ts';
import { byteSize } from '../contracts/output.ts';

/** Runs the CLI; `version` comes from package.json, which bin/site.js reads. */
export async function main(argv: string[], version: string): Promise<number> {
  let status = 0;
  const colour = Boolean(process.stderr.isTTY) && !process.env.NO_COLOR;
  const baseUrlOption = new Option('--base-url <url>', 'absolute URL the site is served from (overrides site.yaml)').env('SITE_BASE_URL');
  const threadsOption = new Option('--threads <n>', 'threads to parse and render on: a number, or auto (one per core, up to 4, for large sites)').default('auto' as const).argParser(threadCount);
  const program = new Command('site')
    .description('Build, check and preview the website from site.yaml, pages/ and templates/.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText('after', examples([
      ['site build && site serve', 'build the site into dist/ and preview it on http://127.0.0.1:8080'],
      ['site check', 'every problem at once, templates\' types included, writing nothing'],
      ['site check pages/about.yaml', 'only what concerns one page'],
      ['site build --help', 'the options of one command'],
    ]))
    .hook('preAction', async (_program, command) => {
      // A build killed between the two renames of its swap leaves the output folder set aside, and one killed
      // earlier leaves its half-written tree: whatever the next command is, it puts the last complete build
      // back and clears the leftovers first (a build still running in another process keeps its own).
      const out = (command.opts() as { out?: unknown }).out;
      await recover(resolve(projectRoot(process.cwd()), typeof out === 'string' ? out : 'dist')).catch(() => undefined);
    });

  program
    .command('build')
    .description('validate the content, render every page and write the site to the output folder')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .addOption(baseUrlOption)
    .option('-q, --quiet', 'print nothing but errors')
    .option('--verbose', 'also list every page and the size of each script bundle')
    .option('--strict', 'treat warnings as errors (for CI): nothing is written while there is one')
    .option('--drafts', 'also publish draft posts and posts dated in the future (for previews)')
    .addOption(threadsOption)
    .addHelpText('after', examples([
      ['site build', 'validate, render and replace dist/ with the new site'],
      ['site build --strict --quiet', 'for CI: warnings fail too, and only problems are printed'],
      ['site build --drafts --out preview --base-url https://preview.example.com', 'a preview with drafts and future posts, in preview/'],
      ['site build --verbose', 'also list every page, each script\'s size and the time of each stage'],
    ]))
    .action(async (options: { out: string; baseUrl?: string; quiet?: boolean; verbose?: boolean; strict?: boolean; drafts?: boolean; threads: number | 'auto' }) => {
      status = await guard(colour, async () => {
        const result = await build({ root: projectRoot(process.cwd()), out: options.out, baseUrl: options.baseUrl || undefined, strict: options.strict, drafts: options.drafts, stream: true, threads: options.threads });
        if (result.diagnostics.length && !options.quiet) console.error(formatDiagnostics(result.diagnostics, colour));
        if (options.verbose) {
          for (const page of result.pages) console.log(`  ${page.route.padEnd(48)} ${page.output}`);
          for (const file of result.files.filter((f) => f.path.endsWith('.js'))) {
            console.log(`  ${file.path.padEnd(48)} ${formatBytes(byteSize(file.contents))}, ${formatBytes(gzipSync(file.contents).byteLength)} gzip`);
          }
          const { memory } = result.stats;
          console.log(`  stages: ${Object.entries(result.stats.stages).map(([name, ms]) => `${name} ${ms} ms (${memory.stages[name]} MB)`).join(', ')}; peak ${memory.peak} MB`);
          const { images } = result.stats;
          if (images.drawn + images.cached > 0) console.log(`  images: ${images.drawn} photo${images.drawn === 1 ? '' : 's'} made into variants, ${images.cached} from the cache`);
        }
        if (!options.quiet) console.log(summaryLine(result.stats, relative(process.cwd(), resolve(projectRoot(process.cwd()), options.out)) || '.'));
        return 0;
      });
    });

  program
    .command('check')
    .description('validate the content and type-check the templates, and report every problem at once, without writing the site')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addOption(baseUrlOption)
    .option('--strict', 'treat warnings as errors (for CI)')
    .option('--drafts', 'also check draft posts and posts dated in the future as published pages')
    .argument('[files...]', 'report only on these files or folders, relative to the current folder (see below)')
    .option('--no-types', 'skip type-checking the templates with TypeScript')
    .addOption(threadsOption)
    .addHelpText('after', [
      '',
      'With files, the whole site is still checked, and the report keeps to the named',
      'files and to problems elsewhere about them: links in other files to the pages',
      'they are, another file claiming the same route, a named template failing on any',
      'page; and anything in site.yaml or the theme that stopped every page rendering.',
      'The exit status counts only what is reported.',
      examples([
        ['site check', 'the whole site, templates\' types included'],
        ['site check pages/gta/vaughan.yaml', 'one page, and links elsewhere to /gta/vaughan'],
        ['site check templates/pages/location.tsx pages/gta', 'a template and a folder of pages'],
        ['site check --strict --format json', 'for CI tools: warnings fail too, as JSON'],
      ]),
    ].join('\n'))
    .action(async (files: string[], options: { format: 'text' | 'json'; baseUrl?: string; strict?: boolean; drafts?: boolean; types: boolean; threads: number | 'auto' }) => {
      status = await guard(colour, async () => {
        const diagnostics = await check({
          root: projectRoot(process.cwd()), baseUrl: options.baseUrl || undefined, strict: options.strict, drafts: options.drafts, types: options.types, threads: options.threads,
          ...(files.length ? { files: files.map((file) => resolve(process.cwd(), file)) } : {}),
        });
        const errors = diagnostics.filter((d) => d.severity === 'error').length;
        if (options.format === 'json') console.log(diagnosticsJson(diagnostics));
        else if (diagnostics.length) console.error(formatDiagnostics(diagnostics, colour));
        // The count goes to stdout when all is well (a passing check says so) and with the problems otherwise.
        if (options.format === 'text') (errors === 0 ? console.log : console.error)(`${problemCount(diagnostics)}.`);
        return errors > 0 ? 1 : 0;
      }, options.format === 'json');
    });

  program
    .command('report')
    .description('print a content report of the site: words per page, most similar pages, reading grade')
    .option('--targets <file>', 'YAML file of targets the report must meet (exit status 1 if one is missed)')
    .addHelpText('after', examples([
      ['site report', 'words, similarity and reading grade of every page'],
      ['site report --targets content-targets.yaml', 'held to the site\'s targets, as npm run content:report does'],
    ]))
    .action(async (options: { targets?: string }) => {
      status = await guard(colour, async () => {
        const { report } = await import('../report/index.ts');
        const { formatReport } = await import('../report/terminal.ts');
        const { report: content, results } = await report({ root: projectRoot(process.cwd()), targets: options.targets });
        console.log(formatReport(content, results));
        return results.every((r) => r.met) ? 0 : 1;
      });
    });

  program
    .command('new')
    .description('start a new page from one of the site\'s templates, or a new blog post, with every field to fill in')
    .argument('<template>', `the page's template (the names in templates/index.ts), or "post" for a blog post`)
    .argument('<route>', 'the address of the page, e.g. /services/wiring (/ for the home page), or the name of the post')
    .addHelpText('after', `
Examples:
  $ npx site new service /residential/heat-pumps
      writes pages/residential/heat-pumps.yaml, a page using the template "service"
  $ npx site new home /
      writes pages/index.yaml, the home page
  $ npx site new post heat-pump-rebates
      writes heat-pump-rebates.md in the posts' folder: a draft dated today

Template names are those in templates/index.ts; a name that is not one lists them.
An existing file is never replaced. Every field to fill in holds a placeholder
marked TODO: until it is written over; npx site check names each one left.`)
    .action(async (template: string, route: string) => {
      status = await guard(colour, async () => {
        const { createNewFile, newFileReport } = await import('../scaffold/new-file.ts');
        const { dayOf } = await import('../validate/publication.ts');
        const made = await createNewFile(projectRoot(process.cwd()), template, route, dayOf(new Date()));
        if ('problem' in made) {
          console.error(`Nothing was written: ${made.problem}.`);
          return 1;
        }
        for (const line of newFileReport(made, template)) console.log(line);
        return 0;
      });
    });

  program
    .command('serve')
    .description('serve the output folder on localhost with the CDN\'s redirects, headers and 404 page')
    .option('-o, --out <dir>', 'folder to serve', 'dist')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', portNumber, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addHelpText('after', examples([
      ['site serve', 'serve dist/ on http://127.0.0.1:8080'],
      ['site serve --port 0', 'on any free port (the address is printed)'],
      ['site build --out preview && site serve --out preview', 'build and serve another folder'],
      ['site serve --host 0.0.0.0 --port 3000', 'reachable from a phone on the same network'],
    ]))
    .action(async (options: { out: string; port: number; host: string }) => {
      const { serve } = await import('../serve/index.ts');
      const dir = resolve(projectRoot(process.cwd()), options.out);
      if (!existsSync(resolve(dir, 'index.html'))) {
        console.error(`${options.out} holds no built site (no index.html); run \`npx site build${options.out === 'dist' ? '' : ` --out ${options.out}`}\` first.`);
        status = 1;
        return;
      }
      let server: Awaited<ReturnType<typeof serve>>;
      try {
        server = await serve({ dir, port: options.port, host: options.host });
      } catch (error) {
        const why = listenProblem(error, options);
        if (!why) throw error;
        console.error(why);
        status = 1;
        return;
      }
      console.log(`Serving ${options.out} at ${server.url} (Ctrl+C to stop)`);
      await new Promise<void>((done) => process.once('SIGINT', () => void server.close().then(done)));
    });

  program
    .command('dev')
    .description('build into memory, serve, and rebuild on every change, reloading the browser (drafts shown)')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', portNumber, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addOption(baseUrlOption)
    .addHelpText('after', `
Examples:
  $ npx site dev                  serve on http://127.0.0.1:8080 and rebuild on every save
  $ npx site dev --port 3000      another port, when 8080 is taken
  $ npx site dev --host 0.0.0.0   let a phone on the same network open it (at this machine's address)

Save any file under site.yaml, pages/, static/ or templates/: the pages it affects are rebuilt
and their open tabs reload. A mistake shows in the terminal and over the page until it is fixed.`)
    .action(async (options: { port: number; host: string; baseUrl?: string }) => {
      const { startDev } = await import('../dev/dev.ts');
      const { devReportText } = await import('./dev-text.ts');
      const root = projectRoot(process.cwd());
      let server: Awaited<ReturnType<typeof startDev>>;
      try {
        server = await startDev({ root, port: options.port, host: options.host, baseUrl: options.baseUrl || undefined, report: (event) => console.log(devReportText(event, colour)) });
      } catch (error) {
        const why = listenProblem(error, options);
        if (!why) throw error;
        console.error(why);
        status = 1;
        return;
      }
      console.log(`Serving ${relative(process.cwd(), root) || '.'} at ${server.url} with drafts and future posts shown; every save rebuilds and reloads (Ctrl+C to stop).`);
      await new Promise<void>((done) => process.once('SIGINT', () => void server.close().then(done)));
    });

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

/** The "Examples:" section of a command's help: each command line with what it does below it. */
function examples(list: [command: string, what: string][]): string {
  return ['', 'Examples:', ...list.flatMap(([command, what]) => [`  $ ${command}`, `      ${what}`])].join('\n');
}

/** User errors print located lines and exit 1; anything else is a bug and keeps its stack. */
async function guard(colour: boolean, run: () => Promise<number>, json = false): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentError) {
      if (json) console.log(diagnosticsJson(error.diagnostics));
      else {
        console.error(formatDiagnostics(error.diagnostics, colour));
        console.error(`${problemCount(error.diagnostics)}; nothing was written.`);
      }
      return 1;
    }
    console.error('Internal error (this is a bug in the generator, not in your content):');
    console.error(error instanceof Error ? error.stack : error);
    return 2;
  }
}

function threadCount(value: string): number | 'auto' {
  const count = Number(value);
  if (value === 'auto') return value;
  if (!/^\d+$/.test(value) || count < 1 || count > 64) throw new InvalidArgumentError('It takes a whole number from 1 to 64, or auto.');
  return count;
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  return port;
}

/** Why the server could not start, when that is the machine's state rather than a bug. */
function listenProblem(error: unknown, where: { port: number; host: string }): string | undefined {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return `Port ${where.port} on ${where.host} is already in use (another server still running?); stop it or pick another with --port.`;
  if (code === 'EACCES') return `Not allowed to listen on port ${where.port}; pick a port above 1023 with --port.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `Cannot listen on host ${where.host}: it is not an address of this machine.`;
  return undefined;
}

