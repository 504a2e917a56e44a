// The public subscription API (docs/decisions/0033): ask (202 whatever the address), confirm, the preferences of a
// signed link, RFC 8058's one-click unsubscribe; and the signed-in person's own subscription.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { answer, jsonBody } from "#server/api/entity-routes.ts";
import { errorResponse, signedInErrors } from "#server/api/schemas.ts";
import { clientAddress } from "#server/http/client-address.ts";
import {
  AccountSubscriptionSchema,
  ConfirmedSchema,
  PreferencesSchema,
  subscriptionMessages,
  type PreferencesInput,
  type SubscribeInput,
} from "#shared/schemas/subscription.ts";

/** The one-click address: mail clients POST to it from elsewhere, without the site's origin (app.ts lets it through). */
export const ONE_CLICK_PATH = "/api/v1/subscriptions/unsubscribe";

const tag = ["Subscriptions"];
const TokenQuery = z.object({ token: z.string().max(200).openapi({ description: "The signed token of the link a mail carried" }) });
const anyObject = <T>(description: string) => z.custom<T>((value) => typeof value === "object" && value !== null).openapi({ type: "object", description });
const Accepted = z.object({ message: z.string() });

const subscribe = createRoute({
  operationId: "subscribe",
  method: "post",
  path: "/subscriptions",
  tags: tag,
  summary: "Ask for the newsletter: a confirmation mail goes to the address (202 whether or not it is known)",
  request: {
    body: jsonBody(
      anyObject<SubscribeInput>(
        'email, topics (any of "events", "offers", "news", "category:<category id>"), source ("footer" or "subscribe-page"), language ("en" or "fr": the page\'s, which the consent\'s words and every mail follow) and altcha (the solved proof of work of GET /api/v1/challenge)',
      ),
    ),
  },
  responses: {
    202: answer("Taken: the same answer for every address", Accepted),
    400: errorResponse("A field is missing or wrong, or the proof of work failed"),
    429: errorResponse("Too many requests from this client"),
  },
});

const confirm = createRoute({
  operationId: "confirmSubscription",
  method: "post",
  path: "/subscriptions/confirm",
  tags: tag,
  summary: "Confirm a subscription with the token of the confirmation mail",
  request: { body: jsonBody(anyObject<{ token: string }>("token: the confirmation link's token")) },
  responses: { 200: answer("Subscribed", ConfirmedSchema), 404: errorResponse("Not a valid confirmation link") },
});

const getPreferences = createRoute({
  operationId: "getSubscriptionPreferences",
  method: "get",
  path: "/subscriptions/preferences",
  tags: tag,
  summary: "A subscriber's address, state and topics, by the signed link of a mail",
  request: { query: TokenQuery },
  responses: { 200: answer("The preferences", PreferencesSchema), 404: errorResponse("Not a valid link") },
});

const putPreferences = createRoute({
  operationId: "updateSubscriptionPreferences",
  method: "put",
  path: "/subscriptions/preferences",
  tags: tag,
  summary: "Change a subscriber's topics, or pause, resume or leave, by the signed link of a mail",
  request: { query: TokenQuery, body: jsonBody(anyObject<PreferencesInput>('topics and/or state ("confirmed", "paused" or "unsubscribed"), and language ("en" or "fr": the page\'s, in which the consent of a return after leaving is recorded)')) },
  responses: { 200: answer("The preferences after the change", PreferencesSchema), 400: errorResponse(subscriptionMessages.invalid), 404: errorResponse("Not a valid link") },
});

const oneClick = createRoute({
  operationId: "unsubscribeOneClick",
  method: "post",
  path: "/subscriptions/unsubscribe",
  tags: tag,
  summary: "RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): the address leaves at once; the body (List-Unsubscribe=One-Click) is not read",
  request: { query: TokenQuery },
  responses: { 200: answer("Unsubscribed", z.object({ state: z.literal("unsubscribed") })), 404: errorResponse("Not a valid link") },
});

const getOwn = createRoute({
  operationId: "getAccountSubscription",
  method: "get",
  path: "/me/subscription",
  tags: ["Account"],
  summary: "The signed-in person's newsletter subscription",
  middleware: [signedInOnly] as const,
  responses: { 200: answer("The subscription", AccountSubscriptionSchema), ...signedInErrors },
});

const putOwn = createRoute({
  operationId: "updateAccountSubscription",
  method: "put",
  path: "/me/subscription",
  tags: ["Account"],
  summary: "Subscribe the signed-in person's verified address at once (no confirmation mail), change its topics, or leave",
  middleware: [signedInOnly] as const,
  request: { body: jsonBody(anyObject<{ subscribed: boolean; topics: string[] }>("subscribed (true or false) and topics")) },
  responses: { 200: answer("The subscription after the change", AccountSubscriptionSchema), 400: errorResponse(subscriptionMessages.noTopics), ...signedInErrors },
});

export function registerSubscriptionRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(subscribe, async (c) => {
    const services = c.var.services;
    await services.subscriptions.subscribe(c.req.valid("json"), clientAddress(c, services.geo.trustProxy), (payload) => c.var.signUpChallenge.check(payload));
    return c.json({ message: subscriptionMessages.checkInbox }, 202);
  });
  api.openapi(confirm, async (c) => {
    const body = c.req.valid("json") as { token?: unknown };
    return c.json(await c.var.services.subscriptions.confirm(typeof body.token === "string" ? body.token : ""), 200);
  });
  api.openapi(getPreferences, async (c) => c.json(await c.var.services.subscriptions.preferences(c.req.valid("query").token), 200, { "Cache-Control": "no-store" }));
  api.openapi(putPreferences, async (c) => c.json(await c.var.services.subscriptions.updatePreferences(c.req.valid("query").token, c.req.valid("json")), 200));
  api.openapi(oneClick, async (c) => {
    await c.var.services.subscriptions.unsubscribe(c.req.valid("query").token);
    return c.json({ state: "unsubscribed" as const }, 200);
  });
  // A mail client without one-click opens the List-Unsubscribe address in the browser: the preferences page has the button.
  api.get("/subscriptions/unsubscribe", async (c) => c.redirect(await c.var.services.subscriptions.preferencesPage(c.req.query("token") ?? ""), 303));
  api.openapi(getOwn, async (c) => c.json(await c.var.services.subscriptions.forAccount(c.var.user!), 200));
  api.openapi(putOwn, async (c) => c.json(await c.var.services.subscriptions.updateForAccount(c.var.user!, c.req.valid("json")), 200));
}
