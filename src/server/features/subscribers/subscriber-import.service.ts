// Importing subscribers from CSV (an association moving from another mail service): only addresses whose consent the
// file records, row by row (columns email, topics, consent_at, consent_source, and consent_text when known). The
// preview tells what each row would do or why it is refused; applying adds the rows in one transaction under an
// import id; undoing removes what that import added (docs/decisions/0033).
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { readCsv, unneutralise } from "#server/features/import/index.ts";
import { invalidInput } from "#server/validation.ts";
import { z } from "zod";
import {
  importRowReasons,
  isTopic,
  SubscriberImportInputSchema,
  subscriptionMessages,
  type SubscriberImportPreview,
  type SubscriberImportRow,
  type Topic,
} from "#shared/schemas/subscription.ts";
import { normalEmail, type SubscriberRepository } from "./subscriber.repository.ts";

const REQUIRED = ["email", "topics", "consent_at", "consent_source"] as const;
const EMAIL = z.email();

function consentInstant(cell: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(cell)) return null;
  const at = new Date(cell.length === 10 ? `${cell}T00:00:00Z` : cell.replace(" ", "T"));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export class SubscriberImportService {
  private readonly repository: SubscriberRepository;
  constructor(repository: SubscriberRepository) {
    this.repository = repository;
  }

  async preview(viewer: CurrentUser | null, input: unknown): Promise<SubscriberImportPreview> {
    requireAdmin(viewer);
    return this.read(input);
  }

  /** Adds the rows the preview would add (the file is read again: nothing is held between the two calls). */
  async apply(viewer: CurrentUser | null, input: unknown): Promise<{ importId: string; added: number }> {
    requireAdmin(viewer);
    const preview = await this.read(input);
    const importId = newId();
    const rows = preview.rows
      .filter((row) => row.status === "add")
      .map((row) => ({
        email: row.email,
        topics: row.topics as Topic[],
        consent: { email: row.email, givenAt: row.consentAt!, source: `import:${row.consentSource}`, text: row.consentText ?? `Consent recorded by the association (${row.consentSource}).` },
      }));
    return { importId, added: await this.repository.insertImported(importId, rows) };
  }

  async undo(viewer: CurrentUser | null, importId: string): Promise<{ removed: number; kept: number }> {
    requireAdmin(viewer);
    const undone = await this.repository.undoImport(importId);
    if (!undone) throw NotFound(subscriptionMessages.importNotFound);
    return undone;
  }

  private async read(input: unknown): Promise<SubscriberImportPreview> {
    const parsed = SubscriberImportInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, subscriptionMessages.invalid);
    const table = readCsv(new TextEncoder().encode(parsed.data.csv));
    const headers = table.headers.map((h) => h.trim().toLowerCase());
    const column = (name: string) => headers.indexOf(name);
    if (REQUIRED.some((name) => column(name) < 0)) throw Validation(importRowReasons.missingColumns, { csv: importRowReasons.missingColumns });
    const cell = (row: string[], name: string) => (column(name) < 0 ? "" : unneutralise(row[column(name)] ?? "").trim());
    const firstLine = new Map<string, number>();
    const rows: SubscriberImportRow[] = [];
    table.rows.forEach((row, i) => {
      const line = table.lines[i]!;
      const email = normalEmail(cell(row, "email"));
      const topics = cell(row, "topics").split(/[\s,;]+/).filter(Boolean);
      const consentCell = cell(row, "consent_at");
      const consentAt = consentInstant(consentCell);
      const consentSource = cell(row, "consent_source");
      const wrongTopic = topics.find((t) => !isTopic(t));
      let reason: string | null = null;
      if (!EMAIL.safeParse(email).success) reason = importRowReasons.noEmail;
      else if (consentCell === "") reason = importRowReasons.noConsentAt;
      else if (!consentAt) reason = importRowReasons.badConsentAt;
      else if (consentAt > new Date().toISOString()) reason = importRowReasons.futureConsentAt;
      else if (consentSource === "") reason = importRowReasons.noConsentSource;
      else if (wrongTopic !== undefined) reason = importRowReasons.badTopic(wrongTopic);
      else if (topics.length === 0) reason = subscriptionMessages.noTopics;
      else if (firstLine.has(email)) reason = importRowReasons.twice(firstLine.get(email)!);
      if (!reason) firstLine.set(email, line);
      const consentText = cell(row, "consent_text") || null;
      rows.push({ line, email, topics: [...new Set(topics)], consentAt, consentSource, consentText, status: reason ? "refused" : "add", reason });
    });
    const known = await this.repository.statesOf(rows.filter((r) => r.status === "add").map((r) => r.email));
    for (const row of rows) {
      const state = row.status === "add" ? known.get(row.email) : undefined;
      if (state === "unsubscribed") Object.assign(row, { status: "refused", reason: importRowReasons.left });
      else if (state) Object.assign(row, { status: "skip", reason: importRowReasons.known });
    }
    const count = (status: SubscriberImportRow["status"]) => rows.filter((r) => r.status === status).length;
    return { rows, add: count("add"), skip: count("skip"), refused: count("refused") };
  }
}
