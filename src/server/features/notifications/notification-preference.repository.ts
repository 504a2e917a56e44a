// Each person's chosen delivery per kind of news; a kind without a row has its default.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import { DEFAULT_DELIVERY, DELIVERIES_OF, NOTIFICATION_KINDS, type Delivery, type NotificationKind, type NotificationPreferences } from "#shared/schemas/notification-preferences.ts";

function asDelivery(value: string | undefined, kind: NotificationKind): Delivery {
  return DELIVERIES_OF[kind].includes(value as Delivery) ? (value as Delivery) : DEFAULT_DELIVERY[kind];
}

export class NotificationPreferenceRepository {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async get(userId: string): Promise<NotificationPreferences> {
    const rows = await this.db.selectFrom("notification_preference").select(["kind", "delivery"]).where("userId", "=", userId).execute();
    const chosen = new Map(rows.map((r) => [r.kind, r.delivery]));
    return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, asDelivery(chosen.get(kind), kind)])) as NotificationPreferences;
  }

  /** Whether the person has saved a choice once (a business sign-up's onboarding step). */
  async hasChosen(userId: string): Promise<boolean> {
    return (await this.db.selectFrom("notification_preference").select("userId").where("userId", "=", userId).limit(1).executeTakeFirst()) !== undefined;
  }

  async set(userId: string, changes: Partial<NotificationPreferences>): Promise<void> {
    const updatedAt = new Date().toISOString();
    for (const kind of NOTIFICATION_KINDS) {
      const delivery = changes[kind];
      if (!delivery) continue;
      await this.db
        .insertInto("notification_preference")
        .values({ userId, kind, delivery, updatedAt })
        .onConflict((oc) => oc.columns(["userId", "kind"]).doUpdateSet({ delivery, updatedAt }))
        .execute();
    }
  }
}
