// The administrators' side of the subscribers: the list with each one's consent records, unsubscribing someone,
// and the CSV export (consent records included, cells neutralised against formulas by the export helpers).
import { requireAdmin, type CurrentUser } from "#server/auth/session.ts";
import { NotFound } from "#server/errors.ts";
import { toCsv } from "#server/features/import/index.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { SUBSCRIBER_EXPORT_HEADERS, subscriptionMessages, type AdminSubscriber } from "#shared/schemas/subscription.ts";
import type { StoredSubscriber, SubscriberFilter, SubscriberRepository } from "./subscriber.repository.ts";

function shown({ tokenSecret: _secret, language: _language, ...subscriber }: StoredSubscriber): Omit<StoredSubscriber, "tokenSecret" | "language"> {
  return subscriber;
}

export class SubscriberAdminService {
  private readonly repository: SubscriberRepository;
  constructor(repository: SubscriberRepository) {
    this.repository = repository;
  }

  async list(viewer: CurrentUser | null, filter: SubscriberFilter): Promise<Paginated<AdminSubscriber>> {
    requireAdmin(viewer);
    const page = await this.repository.list(filter);
    const consents = await this.repository.consentsOf(page.items.map((s) => s.id));
    return { ...page, items: page.items.map((s) => ({ ...shown(s), consents: consents.get(s.id) ?? [] })) };
  }

  async unsubscribe(viewer: CurrentUser | null, id: string): Promise<AdminSubscriber> {
    requireAdmin(viewer);
    const subscriber = await this.repository.findById(id);
    if (!subscriber) throw NotFound(subscriptionMessages.notFound);
    if (subscriber.state !== "unsubscribed") await this.repository.setState(id, "unsubscribed");
    const after = (await this.repository.findById(id))!;
    return { ...shown(after), consents: (await this.repository.consentsOf([id])).get(id) ?? [] };
  }

  /** One row per consent record (a subscriber without one still has its row). */
  async exportCsv(viewer: CurrentUser | null): Promise<string> {
    requireAdmin(viewer);
    const rows: Array<Array<string | null>> = [];
    for (let after = ""; ; ) {
      const batch = await this.repository.page({ after, limit: 500 });
      if (batch.length === 0) break;
      const consents = await this.repository.consentsOf(batch.map((s) => s.id));
      for (const s of batch) {
        const own = consents.get(s.id) ?? [];
        for (const consent of own.length > 0 ? own : [null]) {
          rows.push([s.email, s.topics.join(" "), consent?.givenAt ?? null, consent?.source ?? null, consent?.text ?? null, s.state, s.createdAt, s.confirmedAt, s.unsubscribedAt]);
        }
      }
      after = batch[batch.length - 1]!.id;
    }
    return toCsv(SUBSCRIBER_EXPORT_HEADERS, rows);
  }
}
