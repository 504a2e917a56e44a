import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/api/api-env.ts";
import { addressErrors, errorResponse, signedInErrors } from "#server/api/schemas.ts";
import { signedInOnly } from "#server/api/admin-only.ts";
import { AccountLanguageSchema, AccountSchema, SignUpChallengeSchema, UpdateAccountSchema } from "#shared/schemas/account.ts";

const getAccount = createRoute({
  operationId: "getAccount",
  method: "get",
  path: "/account",
  tags: ["Account"],
  summary: "The signed-in user's account",
  responses: {
    200: { description: "The account", content: { "application/json": { schema: AccountSchema } } },
    ...signedInErrors,
  },
});

const updateAccount = createRoute({
  operationId: "updateAccount",
  method: "patch",
  path: "/account",
  tags: ["Account"],
  middleware: [signedInOnly] as const,
  summary: "Change the signed-in user's display name",
  request: { body: { required: true, content: { "application/json": { schema: UpdateAccountSchema } } } },
  responses: {
    200: { description: "The changed account", content: { "application/json": { schema: AccountSchema } } },
    400: errorResponse("Not a valid display name"),
    ...signedInErrors,
  },
});

const setAccountLanguage = createRoute({
  operationId: "setAccountLanguage",
  method: "put",
  path: "/account/language",
  tags: ["Account"],
  middleware: [signedInOnly] as const,
  summary: "Set the language of the signed-in user's pages and mail",
  description: "`language` is one of the languages the site offers (site settings), or null for the site's default.",
  request: { body: { required: true, content: { "application/json": { schema: AccountLanguageSchema } } } },
  responses: {
    200: { description: "The changed account", content: { "application/json": { schema: AccountSchema } } },
    400: errorResponse("Not a language the site offers"),
    ...signedInErrors,
  },
});

const getSignUpChallenge = createRoute({
  operationId: "getSignUpChallenge",
  method: "get",
  path: "/challenge",
  tags: ["Account"],
  summary: "A proof-of-work challenge for sign-up",
  description:
    "An ALTCHA challenge (signed, valid 10 minutes). The client finds the counter it hides and sends the challenge with its solution, base64-encoded JSON `{challenge, solution}`, as `altcha` in the body of `POST /api/auth/sign-up/email`; each solution is accepted once. A sign-up without one, or with a wrong, expired or spent one, is refused with 400.",
  responses: {
    200: { description: "The challenge", content: { "application/json": { schema: SignUpChallengeSchema } } },
    ...addressErrors,
  },
});

export function registerAccountRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getSignUpChallenge, async (c) => c.json(await c.var.signUpChallenge.create(), 200, { "Cache-Control": "no-store" }));
  api.openapi(getAccount, async (c) => c.json(await c.var.services.account.get(c.var.user), 200));
  api.openapi(updateAccount, async (c) => c.json(await c.var.services.account.update(c.var.user, c.req.valid("json")), 200));
  api.openapi(setAccountLanguage, async (c) => c.json(await c.var.services.account.setLanguage(c.var.user, c.req.valid("json")), 200));
}
