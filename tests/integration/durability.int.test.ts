// An acknowledged write survives the server being killed, and a backup taken while it runs restores.
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { signUpProof } from "../setup/sign-up-challenge.ts";
import { assertBuilt, freshServerEnv, runNode, startedPerTest, stopServer, type ServerProcess } from "../setup/server-process.ts";

const start = startedPerTest();

async function signUp(server: ServerProcess, email: string, password: string) {
  return fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email, password, name: "", altcha: await signUpProof((p) => fetch(`${server.url}${p}`)) }),
  });
}

async function signIn(server: ServerProcess, email: string, password: string) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email, password }),
  });
}

describe("durability", () => {
  it("keeps an acknowledged sign-up after kill -9", { timeout: 90_000 }, async () => {
    assertBuilt();
    const env = { ...(await freshServerEnv()), DEMO_CONTENT: "false" };
    const first = await start(env);
    expect((await signUp(first, "survivor@example.com", "kept-after-crash-1")).status).toBe(200);
    await stopServer(first, "SIGKILL");

    const second = await start(env);
    expect((await signIn(second, "survivor@example.com", "kept-after-crash-1")).status).toBe(200);
  });

  it.runIf(process.env.TEST_DB === "sqlite")("backs up a running site, and the backup starts as a working site", { timeout: 90_000 }, async () => {
    assertBuilt();
    const env = await freshServerEnv();
    const live = await start(env);
    expect((await signUp(live, "backed-up@example.com", "in-the-backup-1")).status).toBe(200);

    const out = path.join(inject("testDir"), `backup-${newId(6)}`);
    const backup = runNode("src/server/cli/backup.ts", ["--out", out], { DATA_DIR: env.DATA_DIR! });
    expect(await backup.exited).toBe(0);
    expect(backup.output()).toContain(`Backup written to ${out}`);
    // The site kept serving during the backup.
    expect((await fetch(`${live.url}/healthz`)).status).toBe(200);
    await stopServer(live);

    const restored = await start({ ...env, DATA_DIR: out });
    expect((await signIn(restored, "backed-up@example.com", "in-the-backup-1")).status).toBe(200);
    const html = await (await fetch(`${restored.url}/`)).text();
    const image = /\/files\/[^"]+\.webp/.exec(html)![0];
    expect((await fetch(`${restored.url}${image}`)).status).toBe(200);
  });
});
