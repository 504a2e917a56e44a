// One entry of the audit trail, as the admin's "Recent changes" view shows it.
import { z } from "zod";

export const AUDIT_ACTIONS = ["create", "update", "delete", "role_change"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  createdAt: z.string(),
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;
