// Where Niche's person-facing messages are written in English: the spec's texts (messages.ts) and each feature's
// messages beside its schema. The `errors` catalog's English is generated from these (`npm run i18n:errors`), and a
// test keeps it equal to them word for word, so the English people see never changes.
import { messages } from "../../messages.ts";
import { announcementMessages } from "../../schemas/announcement.ts";
import { checkInMessages } from "../../schemas/check-in.ts";
import { importMessages } from "../../schemas/data-import.ts";
import { documentMessages } from "../../schemas/document.ts";
import { insightMessages } from "../../schemas/insights.ts";
import { intakeMessages } from "../../schemas/intake.ts";
import { listingMessages } from "../../schemas/listings.ts";
import { meetingMessages } from "../../schemas/meeting.ts";
import { newsletterMessages } from "../../schemas/newsletter.ts";
import { notificationMessages } from "../../schemas/notification-preferences.ts";
import { requestMessages } from "../../schemas/owners.ts";
import { registrationMessages } from "../../schemas/registration.ts";
import { importRowReasons, subscriptionMessages } from "../../schemas/subscription.ts";
import { surveyMessages } from "../../schemas/survey.ts";
import { volunteerMessages } from "../../schemas/volunteer.ts";

/** Each source under the catalog key it is filed at: messages.ts's paths at the top, the others under their name. */
export const ERROR_SOURCES: Record<string, unknown> = {
  ...messages,
  announcementMessages,
  checkInMessages,
  importMessages,
  documentMessages,
  insightMessages,
  intakeMessages,
  listingMessages,
  meetingMessages,
  newsletterMessages,
  notificationMessages,
  requestMessages,
  registrationMessages,
  subscriptionMessages,
  importRowReasons,
  surveyMessages,
  volunteerMessages,
};
