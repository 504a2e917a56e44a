// An approval the server is killed in the middle of (kill -9 at several moments after the request is sent) leaves
// the request waiting with nothing applied, or approved with everything applied: the listing changed, its audit
// entry written, and the owner's mail sent (at least once) once the server runs again.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/database.ts";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { assertBuilt, createAccount, freePort, freshServerEnv, signInAt, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

let running: ServerProcess[] = [];
let database: Database | undefined;
afterEach(async () => {
  await Promise.all(running.map((s) => stopServer(s, "SIGKILL")));
  running = [];
  await database?.close();
  database = undefined;
});

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

const PASSWORD = "approval-crash-test-1";

function api(server: ServerProcess, cookie: string, pathname: string, method = "GET", json?: unknown) {
  return fetch(`${server.url}/api/v1${pathname}`, {
    method,
    headers: { Cookie: cookie, Origin: server.url, ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

/** The approval mails in the outbox for this address. */
function approvalMails(dataDir: string, to: string): number {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return 0;
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => fs.readFileSync(path.join(outbox, name), "utf8"))
    .filter((mail) => mail.includes(to) && /was approved/.test(mail)).length;
}

async function eventually(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  return check();
}

describe("an approval interrupted by kill -9", () => {
  it("is afterwards either waiting with nothing applied, or approved with the change, its audit entry and its mail", { timeout: 240_000 }, async () => {
    assertBuilt();
    const env: Record<string, string> = { ...(await freshServerEnv()), DEMO_CONTENT: "false" };
    const dataDir = env.DATA_DIR!;
    const stamp = Date.now();
    const adminEmail = `admin-${stamp}@example.com`;
    const ownerEmail = `owner-${stamp}@example.com`;
    await createAccount(env, adminEmail, PASSWORD, "admin");
    await createAccount(env, ownerEmail, PASSWORD, "business");
    database = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 2 } : { sqlitePath: path.join(dataDir, "niche.sqlite") });
    const db = database.db;
    const business = await createBusiness(db, { categoryId: (await createCategory(db)).id, name: "Crash Test Cafe", description: "Before." });

    // The owner's changes go to an instance of their own that runs throughout; each approval goes to a second
    // instance started just before it, which has served nothing (the kills land at moments measured on such a server).
    const owners = await start(env);
    const approvals: Record<string, string> = { ...env, PORT: String(await freePort()) };
    const admin = await signInAt(owners.url, adminEmail, PASSWORD);
    const owner = await signInAt(owners.url, ownerEmail, PASSWORD);
    expect((await api(owners, admin, `/businesses/${business.id}/owners`, "POST", { email: ownerEmail })).status).toBe(200);

    const audits = async () => (await db.selectFrom("audit_log").select("id").where("entityId", "=", business.id).execute()).length;
    const input = (description: string) => ({ name: business.name, categoryId: business.categoryId, lat: business.lat, lng: business.lng, tags: [], description });
    // How long an approval takes on this machine, on a server just started (as each below is): the kills land
    // before, within and after it.
    const first = (await (await api(owners, owner, `/businesses/${business.id}`, "PUT", input("Timed."))).json()) as { requestId: string };
    let server = await start(approvals);
    const started = performance.now();
    expect((await api(server, admin, `/requests/${first.requestId}/approve`, "POST", {})).status).toBe(200);
    const took = performance.now() - started;
    let approved = 1;
    expect(await eventually(() => approvalMails(dataDir, ownerEmail) === approved)).toBe(true);
    await stopServer(server, "SIGKILL");
    running = running.filter((s) => s !== server);
    server = await start(approvals);

    const outcomes: string[] = [];
    const delays = [0.1, 0.3, 0.5, 0.7, 0.85, 1, 1.2].map((share) => Math.round(share * took));
    for (const [index, delay] of delays.entries()) {
      const description = `Changed ${index}.`;
      const sent = await api(owners, owner, `/businesses/${business.id}`, "PUT", input(description));
      expect(sent.status, await sent.clone().text()).toBe(202);
      const { requestId } = (await sent.json()) as { requestId: string };
      const auditsBefore = await audits();

      // Sent to a server started afresh, as the timed one was.
      const approval = api(server, admin, `/requests/${requestId}/approve`, "POST", {}).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      server.child.kill("SIGKILL");
      await server.exited;
      await approval;
      running = running.filter((s) => s !== server);
      // The server runs again (and takes the next approval): it finishes what the killed one left undone as it starts.
      server = await start(approvals);

      const request = await db.selectFrom("change_request").select(["status"]).where("id", "=", requestId).executeTakeFirstOrThrow();
      const live = await db.selectFrom("business").select("description").where("id", "=", business.id).executeTakeFirstOrThrow();
      outcomes.push(request.status);
      if (request.status === "pending") {
        expect(live.description, `killed ${delay} ms in`).not.toBe(description);
        expect(await audits()).toBe(auditsBefore);
      } else {
        expect(request.status).toBe("approved");
        expect(live.description, `killed ${delay} ms in`).toBe(description);
        expect(await audits()).toBe(auditsBefore + 1);
        approved++;
        // Sent once the server runs again, if the kill came before it went out. A kill between sending it and noting
        // it sent sends it again at the next start: never lost, at most repeated.
        expect(await eventually(() => approvalMails(dataDir, ownerEmail) >= approved), `mail after a kill ${delay} ms in`).toBe(true);
        approved = approvalMails(dataDir, ownerEmail);
      }
    }
    // A request left waiting is approved as usual afterwards.
    const waiting = await db.selectFrom("change_request").select("id").where("status", "=", "pending").execute();
    for (const { id } of waiting) expect((await api(server, admin, `/requests/${id}/approve`, "POST", {})).status).toBe(200);
    expect(outcomes.length).toBe(7);
  });
});
