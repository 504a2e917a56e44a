// The signed-in visitors of the benchmark: an owner of the demo's first business and an administrator, made with
// `npm run user:create` on the app's data directory and signed in through the app, as a browser would be.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { openDatabase } from "../../src/server/db/database.ts";

export interface SignedIn {
  cookie: string;
}

const PASSWORD = "bench-password-long-enough";

/** Creates the account (or resets it) and signs it in on the app at `appUrl`: its session cookie. */
async function account(appUrl: string, dataDir: string, email: string, role: "business" | "admin"): Promise<SignedIn> {
  execFileSync(process.execPath, ["src/server/cli/user-create.ts", "--email", email, "--password", PASSWORD, "--role", role], {
    env: { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: appUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie };
}

/** The owner of the demo's first business by name, and an administrator, both signed in. */
export async function signedInAccounts(appUrl: string, dataDir: string): Promise<{ owner: SignedIn & { businessId: string }; admin: SignedIn }> {
  const owner = await account(appUrl, dataDir, "owner@bench.example", "business");
  const admin = await account(appUrl, dataDir, "admin@bench.example", "admin");
  const database = openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") });
  try {
    const business = await database.db.selectFrom("business").select("id").orderBy("name").executeTakeFirstOrThrow();
    const user = await database.db.selectFrom("user").select("id").where("email", "=", "owner@bench.example").executeTakeFirstOrThrow();
    await database.db
      .insertInto("business_owner")
      .values({ businessId: business.id, userId: user.id, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { owner: { ...owner, businessId: business.id }, admin };
  } finally {
    await database.close();
  }
}

/** The signed-in pages the benchmarks read, by name: the owner's and the administrator's, each with its cookie. */
export function signedInPages({ owner, admin }: { owner: SignedIn & { businessId: string }; admin: SignedIn }): Record<string, { path: string; cookie: string }> {
  return {
    "owner mybusiness": { path: "/mybusiness", cookie: owner.cookie },
    "owner business": { path: `/business/${owner.businessId}`, cookie: owner.cookie },
    // The demo has fewer than a page (50) of each: a later page redirects to the first.
    "admin markers": { path: "/admin/markers?page=1", cookie: admin.cookie },
    "admin users": { path: "/admin/users?page=1", cookie: admin.cookie },
    "admin events": { path: "/admin/events?page=1", cookie: admin.cookie },
    "admin requests": { path: "/admin/requests", cookie: admin.cookie },
  };
}
