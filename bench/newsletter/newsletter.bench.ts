// The weekly digest to 10,000 subscribers, composed and sent to a mail server on loopback (a process of its own):
// the time to write the deliveries, the time to compose and send every message, and the sender's peak resident memory.
//   node --max-semi-space-size=16 bench/newsletter/newsletter.bench.ts
// Never run as a test: timings on a shared machine are only comparable within one run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { openDatabase } from "#server/db/database.ts";
import { buildEvent, buildOffer, buildPost, createBusiness, createCategory } from "#server/db/factories.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { newId } from "#server/db/ids.ts";
import { parseEnv } from "#server/env.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { createServices } from "#server/services.ts";
import { sampleRss } from "../bench-helpers.ts";
import { DiskStore } from "#server/storage/storage.ts";
import { digestPeriodAt } from "#server/features/newsletter/index.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const MIXES = [["events"], ["offers"], ["news"], ["events", "offers"], ["events", "news"], ["offers", "news"], ["events", "offers", "news"]];

const sink = spawn(process.execPath, [path.join(import.meta.dirname, "smtp-sink.ts")], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise<number>((resolve) => sink.stdout.on("data", (chunk: Buffer) => /port (\d+)/.test(String(chunk)) && resolve(Number(/port (\d+)/.exec(String(chunk))![1]))));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-newsletter-bench-"));
const database = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
try {
  await migrateToLatest(database);
  const db = database.db;
  const category = await createCategory(db, { name: "Cafés" });
  const venue = await createBusiness(db, { name: "Bench Hall", categoryId: category.id });
  // Content around the latest digest moment (Monday 08:00 on the site's clock by default).
  const now = digestPeriodAt(new Date(), { timeZone: "America/Toronto", digestWeekday: "monday", digestAt: "08:00" }).getTime();
  await db
    .insertInto("event")
    .values(Array.from({ length: 12 }, (_, i) => buildEvent({ name: `Bench event ${i}`, location: venue.id, eventDate: new Date(now + (i + 1) * 24 * 3_600_000).toISOString() })))
    .execute();
  await db
    .insertInto("offer")
    .values(Array.from({ length: 10 }, (_, i) => buildOffer({ type: `Offer ${i}`, businessId: venue.id, businessName: venue.name })))
    .execute();
  await db
    .insertInto("post")
    .values(Array.from({ length: 5 }, (_, i) => buildPost({ title: `Bench news ${i}`, datetime: new Date(now - (i + 1) * 3_600_000).toISOString() })))
    .execute();
  const stamp = new Date().toISOString();
  for (let i = 0; i < SUBSCRIBERS; i += 500) {
    const page = Array.from({ length: Math.min(500, SUBSCRIBERS - i) }, (_, j) => ({ id: newId(), email: `bench-${i + j}@example.test`, n: i + j }));
    await db
      .insertInto("subscriber")
      .values(page.map(({ id, email }) => ({ id, email, state: "confirmed", tokenSecret: newId(20), failures: 0, createdAt: stamp, updatedAt: stamp, confirmedAt: stamp })))
      .execute();
    await db
      .insertInto("subscriber_topic")
      .values(page.flatMap(({ id, n }) => MIXES[n % MIXES.length]!.map((topic) => ({ subscriberId: id, topic }))))
      .execute();
  }

  const logger = pino({ level: "silent" });
  const services = createServices({
    database,
    store: new DiskStore(path.join(dir, "files")),
    env: parseEnv({ NEWSLETTER_RATE_PER_MINUTE: "1000000", PUBLIC_URL: "https://bench.example.org" }),
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}${process.env.BENCH_SMTP_POOL === "false" ? "?pool=false" : ""}`, from: "bench@example.org", outboxDir: dir, logger }),
    logger,
  });
  // The latest digest moment of the site's settings (Monday 08:00 unless changed), taken as now.
  const period = digestPeriodAt(new Date(), await services.siteSettings.get());
  const rss = sampleRss();
  const trace = process.env.BENCH_TRACE
    ? setInterval(() => {
        const m = process.memoryUsage();
        console.log(`rss ${Math.round(m.rss / 1048576)} heap ${Math.round(m.heapUsed / 1048576)} ext ${Math.round(m.external / 1048576)} ab ${Math.round(m.arrayBuffers / 1048576)}`);
      }, 5000)
    : undefined;
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  await services.newsletterSender.queueDue(period);
  const queueSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await services.newsletterSender.drain(new AbortController().signal);
  const sendSeconds = (performance.now() - t1) / 1000;
  const peak = rss();
  clearInterval(trace);
  const counts = await db
    .selectFrom("newsletter_delivery")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  console.log(`deliveries: ${JSON.stringify(Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])))}`);
  console.log("| subscribers | queue s | compose and send s | messages/s | RSS before MB | peak RSS MB |");
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| ${SUBSCRIBERS} | ${queueSeconds.toFixed(2)} | ${sendSeconds.toFixed(1)} | ${Math.round(SUBSCRIBERS / sendSeconds)} | ${Math.round(before / 1024 / 1024)} | ${Math.round(peak / 1024 / 1024)} |`,
  );
  console.log(
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await database.close();
  sink.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
