// The app on Node's HTTP server: pages' beacons of hits (`serveHits`), the build's files (static-files.ts, `serveFile`)
// and the responses the anonymous cache keeps (anonymous-cache.ts, `serveKept`, and `serveSignedIn` for the pages kept
// for signed-in visitors) are answered before the app, everything else goes through it.
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type HttpBindings } from "@hono/node-server";
import { countInFlight } from "../lib/requests-first.ts";

export interface Servable {
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>;
  serveKept: (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;
  /** The same for signed-in visitors' kept pages: false at once for a request without a session cookie. */
  serveSignedIn?: (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;
  /** Answers a request for one of the build's files and returns true, or returns false having written nothing. */
  serveFile?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Answers a page's beacon of hits and returns true, or returns false having written nothing. */
  serveHits?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export function listen(app: Servable, options: { port: number; hostname?: string }, onListening?: (info: AddressInfo) => void): Server {
  const createServer = ((serverOptions: ServerOptions, listener: RequestListener) =>
    createHttpServer(serverOptions, (request, response) => {
      // Work done in steps on this thread lets the requests in flight go first (decision 0072).
      countInFlight(response);
      if (app.serveHits?.(request, response) || app.serveFile?.(request, response)) return;
      const kept = app.serveKept(request, response) || app.serveSignedIn?.(request, response) || false;
      if (kept === true) return;
      if (kept === false) return listener(request, response);
      void kept.then(
        (served) => served || listener(request, response),
        () => listener(request, response),
      );
    })) as typeof createHttpServer;
  const server = serve({ fetch: (request, env) => app.fetch(request, env as HttpBindings), port: options.port, hostname: options.hostname, createServer }, onListening) as Server;
  // An idle connection is kept longer than the clients and proxies in front usually keep theirs (60 s), so that it is
  // they who close it: a server closing first can meet a request already on its way, which the client sees as a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
