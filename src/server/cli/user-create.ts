// `npm run user:create -- --email <e> --password <p> --role admin|business|user [--name <display name>]`
// Creates a verified account, or gives an existing one the new role and password.
import { parseArgs } from "node:util";
import dotenv from "dotenv";
import { z } from "zod";
import { ConfigError, parseEnv } from "../env.ts";
import { openRuntime, prepareDatabase } from "../runtime.ts";
import { createOrUpdateUser } from "../auth/accounts.ts";
import { ROLES, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";

const usage = "Usage: npm run user:create -- --email <email> --password <password> --role admin|business|user [--name <display name>]";

const ArgsSchema = z.object({
  email: z.email({ error: "--email must be an email address" }),
  password: z.string({ error: "--password is required" }).min(PASSWORD_MIN_LENGTH, {
    error: `--password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  }),
  role: z.enum(ROLES, { error: "--role must be admin, business or user" }),
  name: z.string().trim().min(1, { error: "--name must not be empty" }).optional(),
});

dotenv.config({ quiet: true });
try {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
    },
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join("\n"));
    console.error(usage);
    process.exit(2);
  }
  const runtime = await openRuntime(parseEnv(), undefined);
  await prepareDatabase(runtime);
  const result = await createOrUpdateUser(runtime, parsed.data);
  console.log(`${result.created ? "Created" : "Updated"} ${parsed.data.email} with role ${parsed.data.role}.`);
  await runtime.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
