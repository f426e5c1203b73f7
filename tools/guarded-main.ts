// The `main` a tool exports for tools/run.js: a bug in the tool itself ends it with
// exit status 2 and its stack, told apart from a finding about the site (status 1).
export function guardedMain(
  tool: string,
  run: (args: string[], root: string) => Promise<number>,
): (args: string[], context: { root: string }) => Promise<number> {
  return async (args, context) => {
    try {
      return await run(args, context.root);
    } catch (error) {
      console.error(`${tool}: internal error (a bug in tools/${tool}, not a finding about the site):`);
      console.error(error instanceof Error ? error.stack : error);
      return 2;
    }
  };
}
