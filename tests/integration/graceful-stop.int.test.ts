// SIGTERM stops the server without failing a request: it stops taking connections at once, finishes the request in
// flight (here an import whose file is still arriving), then exits 0.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { assertBuilt, createAccount, freshServerEnv, signInAt, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

const PASSWORD = "graceful-stop-test-1";
let server: ServerProcess | undefined;
afterEach(() => stopServer(server, "SIGKILL"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.env.TEST_DB === "sqlite")("SIGTERM", () => {
  it("refuses new connections, finishes the request in flight and exits 0", { timeout: 60_000 }, async () => {
    assertBuilt();
    const env: Record<string, string> = { ...(await freshServerEnv()), DEMO_CONTENT: "false" };
    const email = `admin-${newId(6).toLowerCase()}@example.com`;
    await createAccount(env, email, PASSWORD, "admin");
    server = await startServer(env);
    const cookie = await signInAt(server.url, email, PASSWORD);

    // An import whose file arrives slowly: still in flight when the signal comes.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server!.url}/api/v1/imports`, { method: "POST", headers: { Cookie: cookie, Origin: server!.url, "Content-Type": "text/csv" } }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      request.on("error", reject);
      request.write("Name,Category,Address,Latitude,Longitude\n");
      void sleep(1_500).then(() => request.end("Slow Shop,Shops,1 Main St,43.1,-79.1\n"));
    });
    await sleep(500);
    server.child.kill("SIGTERM");
    await sleep(300);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    const { status, body } = await answer;
    expect(status, body).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ summary: { errors: 1 } });
    expect(await server.exited, server.output()).toBe(0);
  });
});
