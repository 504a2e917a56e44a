// The record of who changed what (the admin's "Recent changes"): every service that changes content is handed an
// AuditRecorder where the services are built.
export { AuditRepository } from "./audit.repository.ts";
export { AuditService, type AuditRecorder } from "./audit.service.ts";
export { AuditedService, renamed } from "./audited-service.ts";
export { registerAuditRoutes } from "./audit.routes.ts";
