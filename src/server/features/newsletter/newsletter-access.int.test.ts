// Who may do what with newsletters, on the server: anonymous visitors, a plain user, two business owners (each of
// their own business) and an administrator, for every operation. Only administrators write, preview, test and send.
import { afterAll, describe, expect, it } from "vitest";
import { createBusiness } from "#server/db/factories.ts";
import { setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { signInOwnerOf } from "#tests/setup/owners.ts";
import { mailerTo } from "#tests/setup/mail-app.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";

const smtp = {} as { receiver: SmtpReceiver };
const t = setUpTestApp(async () => {
  smtp.receiver = await startSmtpReceiver();
  return { mailer: mailerTo(smtp.receiver) };
});
afterAll(() => smtp.receiver?.close());
const admin = setUpSignIn(t, "admin");
const plainUser = setUpSignIn(t, "user");
const owners = setUp(async () => {
  const a = await createBusiness(t.database.db, {
    name: "Newsletter matrix A",
  });
  const b = await createBusiness(t.database.db, {
    name: "Newsletter matrix B",
  });
  return {
    a: await signInOwnerOf(t, admin.cookie, a.id),
    b: await signInOwnerOf(t, admin.cookie, b.id),
  };
});

const valid = {
  subject: "Matrix news",
  body: "<p>Hello.</p>",
  cards: [],
  topics: ["category:matrix-nobody"],
};
const draft = async () => {
  const made = await t.request("/api/v1/newsletters", {
    method: "POST",
    json: valid,
    cookie: admin.cookie,
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
};
const fixture = setUp(async () => ({ id: await draft() }));

type Who = "anonymous" | "user" | "ownerA" | "ownerB" | "admin";
const WHO: Who[] = ["anonymous", "user", "ownerA", "ownerB", "admin"];
const cookieOf = (who: Who) =>
  ({
    anonymous: undefined,
    user: plainUser.cookie,
    ownerA: owners.a.cookie,
    ownerB: owners.b.cookie,
    admin: admin.cookie,
  })[who];
const ADMIN_ONLY = (ok: number) => ({
  anonymous: 401,
  user: 403,
  ownerA: 403,
  ownerB: 403,
  admin: ok,
});

const OPERATIONS: Array<{
  name: string;
  call: (cookie: string | undefined) => Response | Promise<Response>;
  expect: Record<Who, number>;
}> = [
  {
    name: "list",
    call: (cookie) => t.request("/api/v1/newsletters", { cookie }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "get with counts",
    call: (cookie) => t.request(`/api/v1/newsletters/${fixture.id}`, { cookie }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "create",
    call: (cookie) => t.request("/api/v1/newsletters", { method: "POST", json: valid, cookie }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: "update",
    call: (cookie) =>
      t.request(`/api/v1/newsletters/${fixture.id}`, {
        method: "PUT",
        json: valid,
        cookie,
      }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "preview",
    call: (cookie) => t.request(`/api/v1/newsletters/${fixture.id}/preview`, { cookie }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "send a test to oneself",
    call: (cookie) =>
      t.request(`/api/v1/newsletters/${fixture.id}/test`, {
        method: "POST",
        cookie,
      }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "send",
    // A fresh draft each time, so that the administrator's send is not refused as already sent.
    call: async (cookie) =>
      t.request(`/api/v1/newsletters/${await draft()}/send`, {
        method: "POST",
        json: { sendAt: new Date(Date.now() + 3_600_000).toISOString() },
        cookie,
      }),
    expect: ADMIN_ONLY(202),
  },
  {
    name: "read the next digest's plan",
    call: (cookie) => t.request("/api/v1/newsletter-digest", { cookie }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "plan the next digest",
    call: (cookie) =>
      t.request("/api/v1/newsletter-digest", {
        method: "PUT",
        json: { introduction: "<p>Hi</p>" },
        cookie,
      }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: "preview the next digest",
    call: (cookie) => t.request("/api/v1/newsletter-digest/preview?topics=events", { cookie }),
    expect: ADMIN_ONLY(200),
  },
];

describe("newsletters: who may do what", () => {
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await operation.call(cookieOf(who))).status;
      expect(got).toEqual(operation.expect);
    });
  }

  it("sends a test only to the administrator who asks", async () => {
    smtp.receiver.inbox.splice(0);
    expect(
      (
        await t.request(`/api/v1/newsletters/${fixture.id}/test`, {
          method: "POST",
          cookie: owners.a.cookie,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request(`/api/v1/newsletters/${fixture.id}/test`, {
          method: "POST",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    expect(smtp.receiver.inbox.map((m) => m.to)).toEqual([[admin.email.toLowerCase()]]);
  });
});
