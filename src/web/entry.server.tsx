// Server rendering: streams HTML with the request's CSP nonce on every script React Router emits.
import { PassThrough, pipeline } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createI18n, namespacesOf, prefixOf, DEFAULT_LANGUAGE, isLanguage } from "#shared/i18n/index.ts";
import { appContext } from "./lib/app-context.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { holdModuleScriptStream, scriptsAfterPaint } from "./lib/scripts-after-paint.ts";

// The server reads the context key from the build, so loaders and server share one instance.
export { appContext };

export const streamTimeout = 5_000;

/** A loader, action or render that failed goes to the server's log (the route's error boundary shows the page). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(appContext).reportError(error, `${request.method} ${new URL(request.url).pathname}`);
};

/**
 * How long a finished shell waits for the rest of the page. Sections whose data comes quickly (the usual case)
 * then arrive in the first paint and nothing below them jumps; slower ones still stream behind their loading texts.
 */
const SHELL_GRACE_MS = 100;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, reportError, user } = loadContext.get(appContext);
  // A visitor's content page asks for its scripts once it has painted (lib/scripts-after-paint.ts).
  const afterPaint =
    !user && scriptsAfterPaint(routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle));

  // An instance of its own for each request, in the language the root loader chose (the address's when it failed).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const chosen = (loaderData.root as { language?: unknown } | undefined)?.language;
  const language = isLanguage(chosen) ? chosen : (prefixOf(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE);
  const i18n = await createI18n(language, namespacesOf(matches.map((match) => routerContext.routeModules[match.route.id]?.handle)));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const wholeDocument = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    function send() {
      if (shellRendered) return;
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (afterPaint) {
        const hold = holdModuleScriptStream();
        pipeline(hold, body, () => {});
        pipe(hold);
      } else {
        pipe(body);
      }
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
    }

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // A section that is ready when the page is sent goes in place, however large: React would otherwise send
        // large ones after the page with their loading text first, and the page would jump when they replace it.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          if (!wholeDocument) setTimeout(send, SHELL_GRACE_MS);
        },
        onAllReady: send,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportError(error, `render ${new URL(request.url).pathname}`);
        },
      },
    );
  });
}
