// /myqsa/announcements/<id>: one announcement, read by a member; opening it marks it read for them.
import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/member-announcement";
import { getApp } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { formatLongDate, formatNumber, type Lang } from "#shared/i18n/format.ts";
import type { TFunction } from "i18next";
import { announcementMessages } from "#shared/schemas/announcement.ts";
import { RichContent } from "../features/page/rich-content.tsx";
import { ItemNotFound } from "../components/layout/item-not-found.tsx";
import { BackLinkedHeading } from "#web/components/ui/back-linked-heading.tsx";
import { WideImage } from "#web/components/ui/wide-image.tsx";
import { MemberInvitation } from "../features/announcements/member-invitation.tsx";

/**
 * Opening it is what marks it read, before any loader runs: the header's count (the root loader's, run beside this
 * route's) already leaves it out.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params }, next) => {
    const { services, user } = getApp(context);
    if (await services.announcements.isMember(user)) {
      await services.announcements.markRead(user, params.announcementId).catch((error: unknown) => {
        // One that is not there, or not published yet, is the loader's to answer.
        if (!(error instanceof Error && "status" in error && error.status === 404)) throw error;
      });
    }
    return next();
  },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  if (!(await services.announcements.isMember(user))) return { state: "not-member" as const, signedIn: user !== null };
  try {
    const announcement = await services.announcements.get(user, params.announcementId);
    const site = await services.siteSettings.get();
    return { state: "ok" as const, announcement, timeZone: site.timeZone };
  } catch (error) {
    if (error instanceof Error && "status" in error && error.status === 404) return data({ state: "not-found" as const }, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ["members"] };

export default function MemberAnnouncement({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  const lang = langOf(i18n.language);
  if (loaderData.state === "not-member") {
    return (
      <section>
        <PageTitle>{t("announcements.title")}</PageTitle>
        <h1 className="page-heading">{t("announcements.title")}</h1>
        <MemberInvitation signedIn={loaderData.signedIn} />
      </section>
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <>
        <PageTitle>{announcementMessages.notFound}</PageTitle>
        <ItemNotFound heading={t("announcements.title")} message={announcementMessages.notFound} back={{ to: paths.member.announcements, label: t("announcements.all") }} />
      </>
    );
  }
  const { announcement, timeZone } = loaderData;
  const dateText = announcement.publishAt ? formatLongDate(announcement.publishAt, lang, timeZone) : null;
  return (
    <article aria-labelledby="announcement-title" className="max-w-3xl">
      <PageTitle>{announcement.title}</PageTitle>
      <BackLinkedHeading back={t("announcements.title")} backTo={paths.member.announcements} id="announcement-title">
        <span lang={announcement.lang?.title} dir="auto">{announcement.title}</span>
      </BackLinkedHeading>
      {dateText && <p className="mt-2 text-sm text-stone-600">{dateText}</p>}
      {announcement.status !== "published" && <p className="mt-2 text-sm font-semibold text-amber-900">{t("announcements.notPublished", { status: announcement.status })}</p>}
      {announcement.imageUrl && <WideImage src={announcement.imageUrl} alt="" className="mt-4" />}
      <RichContent html={announcement.body} lang={announcement.lang?.body} className="mt-4" />
      {announcement.attachments && announcement.attachments.length > 0 && (
        <section aria-labelledby="announcement-attachments" className="mt-6">
          <h2 id="announcement-attachments" className="text-lg font-semibold text-stone-900">
            {t("announcements.attachments")}
          </h2>
          <ul className="mt-2 grid gap-2">
            {announcement.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.fileName} className="text-brand-700 underline">
                  {file.title}
                </a>{" "}
                <span className="text-sm text-stone-600">
                  ({file.fileName}, {fileSize(file.size, t, lang)})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** 2 KB, 1.4 MB: a download's size as people read it. */
function fileSize(bytes: number, t: TFunction, lang: Lang): string {
  if (bytes < 1024) return t("files.bytes", { count: bytes, size: formatNumber(bytes, lang) });
  if (bytes < 1024 * 1024) return t("files.kb", { size: formatNumber(Math.round(bytes / 1024), lang) });
  return t("files.mb", { size: formatNumber(bytes / (1024 * 1024), lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}
