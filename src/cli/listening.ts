// The life of a server a command starts (`site serve`, `site dev`): started, or refused in plain
// words when the machine will not let it listen, then kept until Ctrl+C.
import type { CommandContext } from './command-context.ts';

interface Listening {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a server. A port in use, not allowed or a host that is not this machine's is said plainly,
 * sets status 1 and gives undefined; any other failure is a bug and is thrown on.
 */
export async function listen<Server extends Listening>(
  start: () => Promise<Server>,
  where: { port: number; host: string },
  context: CommandContext,
): Promise<Server | undefined> {
  try {
    return await start();
  } catch (error) {
    const why = listenProblem(error, where);
    if (!why) throw error;
    console.error(why);
    context.setStatus(1);
    return undefined;
  }
}

/** Settles once Ctrl+C has closed the server. */
export function untilInterrupted(server: Listening): Promise<void> {
  return new Promise<void>((done) => process.once('SIGINT', () => void server.close().then(done)));
}

/** Why the server could not start, when that is the machine's state rather than a bug. */
function listenProblem(error: unknown, where: { port: number; host: string }): string | undefined {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${where.port} on ${where.host} is already in use (another server still running?); stop it or pick another with --port.`;
  if (code === 'EACCES') return `Not allowed to listen on port ${where.port}; pick a port above 1023 with --port.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `Cannot listen on host ${where.host}: it is not an address of this machine.`;
  return undefined;
}
