// Accounts as the admin's Users tab lists them, and the one change it makes to them.
import { z } from "zod";
import { ROLES } from "../constants.ts";

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  accountType: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});

export const RoleChangeSchema = z.object({ role: z.enum(ROLES) });

export type AdminUser = z.infer<typeof AdminUserSchema>;
export type RoleChange = z.infer<typeof RoleChangeSchema>;
