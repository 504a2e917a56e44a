// The owners feature's public face: claims on a business page, the owners under a business's admin form, the admin's
// Requests tab (each request field by field, the moderation settings) and the owner's /mybusiness page.
export { BusinessOwners } from "./business-owners.tsx";
export { ClaimBusiness } from "./claim-business.tsx";
export { ModerationSettingsForm } from "./moderation-settings-form.tsx";
export { ownerAction } from "./my-business-action.ts";
export { loadOwnerData } from "./my-business-data.ts";
export { MyBusinessPage } from "./my-business-page.tsx";
export { FieldsHead, REQUEST_DECISION, RequestCard, RequestHeading } from "./request-card.tsx";
export { fetchPendingCount, loadRequests, REQUESTS_PAGE_SIZE } from "./requests-api.ts";
export { RequestsNavLabel, useRequestsTabName, useWaitingRequests } from "./requests-nav-label.tsx";
export { FieldRow } from "./field-diff.tsx";
