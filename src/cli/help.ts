// The parts of the commands' help that commander does not write itself.

/** The "Examples:" section of a command's help: each command line with what it does below it. */
export function examples(list: [command: string, what: string][]): string {
  return ['', 'Examples:', ...list.flatMap(([command, what]) => [`  $ ${command}`, `      ${what}`])].join('\n');
}
