// Background jobs on several instances of one PostgreSQL database, as real server processes: requests arriving on
// three instances at the same moment give each administrator one digest, not three; and an instance killed while it
// sends the digest has it sent once by another after its lease has run out.
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/database.ts";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../setup/smtp-receiver.ts";
import { assertBuilt, createAccount, freePort, freshServerEnv, signInAt, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

const ON_POSTGRES = process.env.TEST_DB === "postgres";
const PASSWORD = "jobs-instances-test-1";

let running: ServerProcess[] = [];
let receiver: SmtpReceiver | undefined;
let database: Database | undefined;
afterEach(async () => {
  await Promise.all(running.map((s) => stopServer(s, "SIGKILL")));
  running = [];
  await receiver?.close();
  receiver = undefined;
  await database?.close();
  database = undefined;
});

/** A site on a fresh database with two administrators, a person, and three businesses for them to claim. */
async function site(smtpUrl: string) {
  const env: Record<string, string> = {
    ...(await freshServerEnv()),
    DEMO_CONTENT: "false",
    SMTP_URL: smtpUrl,
    // Looked for often and held briefly, so that the test sees in seconds what takes a minute on a site.
    JOBS_POLL_SECONDS: "0.2",
    JOBS_LEASE_SECONDS: "3",
  };
  const stamp = newId(6).toLowerCase();
  const admins = [`admin1-${stamp}@example.com`, `admin2-${stamp}@example.com`];
  const person = `person-${stamp}@example.com`;
  for (const [email, role] of [...admins.map((a) => [a, "admin"]), [person, "user"]]) await createAccount(env, email!, PASSWORD, role!);
  database = openDatabase({ url: env.DATABASE_URL!, poolSize: 2 });
  const categoryId = (await createCategory(database.db)).id;
  const businesses = await Promise.all([1, 2, 3].map((n) => createBusiness(database!.db, { categoryId, name: `Claimed ${n}` })));
  return { env, admins, person, businesses, db: database.db };
}

/** Another instance: the same database, its own port and data folder. */
async function instance(env: Record<string, string>) {
  const server = await startServer({ ...env, PORT: String(await freePort()), DATA_DIR: `${env.DATA_DIR}-${newId(4)}` });
  running.push(server);
  return server;
}

function claim(server: ServerProcess, cookie: string, businessId: string) {
  return fetch(`${server.url}/api/v1/businesses/${businessId}/claims`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" },
    body: JSON.stringify({ role: "Owner", phone: "1" }),
  });
}

const digestsTo = (inbox: SmtpReceiver["inbox"], to: string) => inbox.filter((m) => m.to.includes(to) && /waiting on/.test(m.subject));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!ON_POSTGRES)("jobs on several instances of one PostgreSQL (run by the PostgreSQL project: set TEST_DATABASE_URL)", () => {
  it("send each administrator one digest of requests that arrive on three instances at the same moment", { timeout: 120_000 }, async () => {
    assertBuilt();
    receiver = await startSmtpReceiver();
    const { env, admins, person, businesses, db } = await site(receiver.url);
    // The first migrates and sets the site up; the other two start together.
    const first = await instance(env);
    const servers = [first, ...(await Promise.all([instance(env), instance(env)]))];
    const cookie = await signInAt(servers[0]!.url, person, PASSWORD);

    const answers = await Promise.all(servers.map((server, i) => claim(server, cookie, businesses[i]!.id)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    await receiver.waitFor(admins[0]!, /waiting on/);
    await receiver.waitFor(admins[1]!, /waiting on/);
    // Every instance looks for due jobs five times a second: time enough for any second digest to go out.
    await sleep(3_000);
    expect(digestsTo(receiver.inbox, admins[0]!)).toHaveLength(0);
    expect(digestsTo(receiver.inbox, admins[1]!)).toHaveLength(0);
    // The hourly clean-up of uploads ran once for the three starts.
    const cleanup = await db.selectFrom("job").select(["runs", "failures"]).where("name", "=", "upload-cleanup").executeTakeFirstOrThrow();
    expect(cleanup).toEqual({ runs: 1, failures: 0 });
  });

  it("finish the digest of an instance killed while sending it on another, once its lease has run out", { timeout: 120_000 }, async () => {
    assertBuilt();
    // The first message is held at the mail server until the test lets go (which it never does for the killed one).
    let holding = true;
    let held = false;
    receiver = await startSmtpReceiver({
      beforeMessage: async () => {
        if (!holding) return;
        held = true;
        await new Promise(() => {});
      },
    });
    const { env, admins, person, businesses, db } = await site(receiver.url);
    const first = await instance(env);
    const servers = [first, ...(await Promise.all([instance(env), instance(env)]))];
    const cookie = await signInAt(servers[0]!.url, person, PASSWORD);

    void claim(servers[0]!, cookie, businesses[0]!.id).catch(() => null);
    await expect.poll(() => held, { timeout: 10_000 }).toBe(true);
    const job = await db.selectFrom("job").select(["lockedBy", "runs"]).where("name", "=", "request-digests").executeTakeFirstOrThrow();
    const holder = servers.find((s) => job.lockedBy?.endsWith(`:${s.child.pid}`));
    expect(holder, `the digest job is held by ${job.lockedBy}`).toBeDefined();
    holding = false;
    await stopServer(holder, "SIGKILL");
    const killedAt = Date.now();

    await receiver.waitFor(admins[0]!, /1 new request waiting on/, 20_000);
    await receiver.waitFor(admins[1]!, /1 new request waiting on/, 20_000);
    // Not before the killed instance's lease (3 s) had run out.
    expect(Date.now() - killedAt).toBeGreaterThan(1_500);
    await sleep(2_000);
    expect(digestsTo(receiver.inbox, admins[0]!)).toHaveLength(0);
    expect(digestsTo(receiver.inbox, admins[1]!)).toHaveLength(0);
    const after = await db.selectFrom("job").select(["lockedBy", "runs", "failures"]).where("name", "=", "request-digests").executeTakeFirstOrThrow();
    expect(after.failures).toBe(0);
    expect(after.runs).toBeGreaterThan(job.runs);
  });
});
