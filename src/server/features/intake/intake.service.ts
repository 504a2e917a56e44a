// The intake form "Business Feedback and Consent": signed-in people send it, linked to a business they own or claim;
// administrators read and export what was sent.
import { requireRole, requireUser, type CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { invalidInput } from "#server/validation.ts";
import { IntakeInputSchema, intakeMessages, type IntakeBusiness, type IntakeSubmission } from "#shared/schemas/intake.ts";
import { Validation } from "#server/errors.ts";
import { toCsv } from "#server/features/import/index.ts";
import type { Paginated, PaginationQuery } from "#shared/schemas/pagination.ts";
import type { IntakeRepository, StoredIntake } from "./intake.repository.ts";

/** The CSV's columns, in the form's order after who sent it and when. */
export const INTAKE_EXPORT_HEADERS = [
  "id",
  "submitted_at",
  "account_email",
  "linked_business_id",
  "linked_business",
  "business_name",
  "owner_manager_name",
  "contact_email",
  "phone",
  "address",
  "website_social_links",
  "type_of_business",
  "marketing_objectives",
  "tools_used",
  "challenges",
  "services_of_interest",
  "discount_percent",
  "buy_one_get_one",
  "free_gift",
  "other_promotion",
  "owner_signature",
  "owner_signed_on",
  "representative_signature",
  "representative_signed_on",
  "additional_feedback",
] as const;

const toSubmission = ({ answers, ...row }: StoredIntake): IntakeSubmission => ({ ...row, ...answers, businessId: row.linkedBusinessName === null ? null : row.businessId });
const yesNo = (value: boolean) => (value ? "yes" : "no");

export class IntakeService {
  private readonly repository: IntakeRepository;
  constructor(repository: IntakeRepository) {
    this.repository = repository;
  }

  /** The businesses the person may link a submission to. */
  async businesses(viewer: CurrentUser | null): Promise<IntakeBusiness[]> {
    return this.repository.businessesOf(requireUser(viewer).id);
  }

  async submit(viewer: CurrentUser | null, input: unknown): Promise<{ id: string }> {
    const user = requireUser(viewer);
    const parsed = IntakeInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, intakeMessages.required);
    const { businessId, ...answers } = parsed.data;
    if (businessId && !(await this.repository.businessesOf(user.id)).some((b) => b.id === businessId)) {
      throw Validation(intakeMessages.notYourBusiness, { businessId: intakeMessages.notYourBusiness });
    }
    const id = newId();
    await this.repository.insert({ id, userId: user.id, businessId, answers });
    return { id };
  }

  /** A page of submissions, newest first unless asked otherwise (administrators only). */
  async list(viewer: CurrentUser | null, query: PaginationQuery): Promise<Paginated<IntakeSubmission>> {
    requireRole(viewer, "admin");
    const { items, total } = await this.repository.getPage((query.page - 1) * query.pageSize, query.pageSize, query.sort);
    return { items: items.map(toSubmission), total, page: query.page, pageSize: query.pageSize };
  }

  async csv(viewer: CurrentUser | null): Promise<string> {
    requireRole(viewer, "admin");
    const rows = (await this.repository.getAll()).map(toSubmission);
    return toCsv(
      INTAKE_EXPORT_HEADERS,
      rows.map((s) => [
        s.id,
        s.createdAt,
        s.userEmail,
        s.businessId,
        s.linkedBusinessName,
        s.businessName,
        s.ownerName,
        s.email,
        s.phone,
        s.address,
        s.links,
        s.businessType,
        s.objectives.join("; "),
        s.tools,
        s.challenges,
        s.services,
        s.discountPercent,
        yesNo(s.bogo),
        yesNo(s.freeGift),
        s.otherPromotion,
        s.ownerSignature,
        s.ownerSignedOn,
        s.representativeSignature,
        s.representativeSignedOn,
        s.feedback,
      ]),
    );
  }
}
