// Owners' requests decided, in the weekly digest: the person's own requests approved or rejected since their previous
// digest, with the reason of a rejection.
import { REQUEST_KIND_LABELS } from "#shared/schemas/owners.ts";
import type { DigestSource } from "#server/features/notifications/index.ts";
import type { RequestRepository } from "./requests.repository.ts";

export function decidedRequestsDigestSource(options: { repository: RequestRepository; siteUrl: string }): DigestSource {
  return {
    kind: "requestsDecided",
    heading: "Requests decided",
    async itemsFor(recipient, since, until) {
      return (await options.repository.decidedFor(recipient.id, since, until)).map((request) => ({
        title: `${REQUEST_KIND_LABELS[request.kind]} for ${request.businessName}: ${request.status}`,
        detail: request.status === "rejected" && request.reason ? `Reason: ${request.reason}` : undefined,
        url: `${options.siteUrl}/mybusiness`,
        at: request.decidedAt!,
      }));
    },
  };
}
