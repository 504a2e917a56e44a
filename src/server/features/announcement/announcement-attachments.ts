// An announcement's attachments are library documents (src/server/features/document) attached to it: the files an
// administrator uploads in the announcement's form become members-only documents dated the day they are added,
// which the Library lists too (where they can be renamed, made public or removed).
import type { CurrentUser } from "#server/auth/session.ts";
import { AppError, Validation } from "#server/errors.ts";
import type { DocumentService } from "#server/features/document/index.ts";
import type { AttachedTo } from "#shared/schemas/document.ts";

export async function addAttachments(
  documents: Pick<DocumentService, "create">,
  admin: CurrentUser,
  owner: AttachedTo,
  files: Array<{ path: string; title: string }>,
  today: string,
): Promise<void> {
  for (const file of files) {
    try {
      await documents.create(admin, { title: file.title, date: today, visibility: "members", filePath: file.path, attachedTo: owner });
    } catch (error) {
      // The document's refusal (not an upload of theirs, already another document's) told beside the form's field.
      if (error instanceof AppError && error.status === 400) throw Validation(error.message, { attachments: error.message });
      throw error;
    }
  }
}
