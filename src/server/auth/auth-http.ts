// How auth requests reach better-auth from the HTTP server.
// better-auth sees only the Fetch request, not the socket: the server hands it the client's address in a header of
// its own, overwriting whatever a client sent under that name, so per-IP limits and sign-in logs know who asked.
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { messages } from "#shared/messages.ts";
import { AUTH_ERROR_CODES } from "#shared/schemas/account.ts";

export const CLIENT_IP_HEADER = "x-niche-client-ip";

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (tests) have no socket.
    return null;
  }
}

/** The request as better-auth should see it: our client-address header set from the socket, never from the client. */
export function withClientIp(c: Context): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const address = socketAddress(c);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  return new Request(c.req.raw, { headers });
}

/** Passes a request to better-auth; sign-in attempts its rate limiter refuses before any hook runs are logged here. */
export async function handleAuthRequest(
  c: Context,
  auth: { handler: (request: Request) => Promise<Response> },
  logger: { warn: (data: object, message: string) => void },
): Promise<Response> {
  const request = withClientIp(c);
  let response = await auth.handler(request);
  if (/^\/api\/auth\/(oauth2\/)?callback\//.test(c.req.path)) {
    // The provider's callback ends the sign-in popup by posting to its opener. The site's "same-origin-allow-popups"
    // would put this page, reached from the provider's origin, in a new browsing context group and cut it off from
    // the opener; this response alone opts out (the app's headers middleware keeps a policy a response brings).
    response = new Response(response.body, response);
    response.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  }
  if (response.status === 429 && c.req.path === "/api/auth/sign-up/email") {
    // better-auth's own refusal says only "later": say how long, as the sign-in limit does.
    const seconds = Math.max(1, Number(response.headers.get("x-retry-after")) || 60);
    logger.warn({ event: "sign-up", ok: false, status: 429, reason: "rate-limited", ip: request.headers.get(CLIENT_IP_HEADER) }, "sign-up refused");
    return Response.json(
      { code: AUTH_ERROR_CODES.tooManySignUps, message: messages.auth.signUpLimit(Math.ceil(seconds / 60)) },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  if (response.status === 429 && c.req.path.startsWith("/api/auth/sign-in/")) {
    logger.warn({ event: "sign-in", path: c.req.path, ok: false, status: 429, reason: "rate-limited", ip: request.headers.get(CLIENT_IP_HEADER) }, "sign-in refused");
  }
  return response;
}
