// The association's library: what other code may use of this feature. A meeting or an announcement lists its
// attachments with `DocumentService.attachmentsOf`, checks a reader with `mayRead`, and deletes its own with
// `deleteAttachmentsOf` when it is deleted.
export { DocumentRepository, type StoredDocument } from "./document.repository.ts";
export { DocumentService, type DocumentDeps, type DocumentFile } from "./document.service.ts";
export { registerDocumentRoutes } from "./document.routes.ts";
