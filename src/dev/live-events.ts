// The dev server's open tabs: each holds an event stream (server-sent events)
// and says which page it shows, so a rebuild reloads the tabs whose page
// changed and leaves the others alone.
import type http from 'node:http';
import { normaliseLinkPath } from '../url.ts';

interface Tab {
  res: http.ServerResponse;
  /** The route the tab shows, as requested (it may be no page: the 404 page). */
  route: string;
}

export interface LiveEvents {
  /** Takes an `EventSource` request; `greeting` (for the tab's route) is sent to it first (the build id, its problems). */
  connect(req: http.IncomingMessage, res: http.ServerResponse, greeting: (route: string) => readonly LiveEvent[]): void;
  /** Sends `event` to the tabs whose route `which` picks (every tab without it). */
  send(event: LiveEvent, which?: (route: string) => boolean): number;
  /** Ends every stream (the server is stopping). */
  close(): void;
  /** How many tabs are listening. */
  size(): number;
}

export interface LiveEvent {
  name: 'hello' | 'reload' | 'problems' | 'clear' | 'progress';
  data: string;
}

export function liveEvents(): LiveEvents {
  const tabs = new Set<Tab>();
  const write = (tab: Tab, event: LiveEvent) => {
    // One `data:` line per line of the payload, as the format requires.
    tab.res.write(
      `event: ${event.name}\n${event.data
        .split('\n')
        .map((line) => `data: ${line}`)
        .join('\n')}\n\n`,
    );
  };
  return {
    connect(req, res, greeting) {
      const path = new URL(req.url ?? '/', 'http://localhost').searchParams.get('path') ?? '/';
      const tab: Tab = { res, route: normaliseLinkPath(path) || '/' };
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      // Reconnect quickly after the dev server restarts.
      res.write('retry: 500\n\n');
      for (const event of greeting(tab.route)) write(tab, event);
      tabs.add(tab);
      req.on('close', () => tabs.delete(tab));
    },
    send(event, which) {
      let sent = 0;
      for (const tab of tabs) {
        if (which && !which(tab.route)) continue;
        write(tab, event);
        sent++;
      }
      return sent;
    },
    close() {
      for (const tab of tabs) tab.res.end();
      tabs.clear();
    },
    size: () => tabs.size,
  };
}
