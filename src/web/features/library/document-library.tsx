// The library as readers see it, on /myqsa/research (members) and /resources (everyone): a search box, the tags to
// filter by, and the documents newest first, each downloaded as a file. A plain GET form, so it works before (and
// without) the page's scripts.
import { Form, Link } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DOCUMENT_TYPE_NAMES } from "#shared/upload-kinds.ts";
import type { DocumentList, LibraryDocument } from "#shared/schemas/document.ts";
import { formatLongDate, formatNumber, type Lang } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";
import { ui } from "#web/components/ui/classes.ts";

/** "1.2 MB", "340 KB" ("1,2 Mo" in French). */
function fileSize(bytes: number, t: TFunction, lang: Lang): string {
  if (bytes >= 1024 * 1024) return t("files.mb", { size: formatNumber(bytes / (1024 * 1024), lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return t("files.kb", { size: formatNumber(Math.max(1, Math.round(bytes / 1024)), lang) });
}

const typeName = (contentType: string, t: TFunction) => DOCUMENT_TYPE_NAMES[contentType as keyof typeof DOCUMENT_TYPE_NAMES] ?? t("library.file");

function DocumentItem({ document, path, showVisibility }: { document: LibraryDocument; path: string; showVisibility: boolean }) {
  const { t, i18n } = useTranslation("members");
  const lang = langOf(i18n.language);
  return (
    <li className="card grid gap-1">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <time dateTime={document.date}>{formatLongDate(`${document.date}T12:00:00Z`, lang, "UTC")}</time>
        <span aria-hidden="true">·</span>
        <span>
          {typeName(document.contentType, t)}, {fileSize(document.size, t, lang)}
        </span>
        {showVisibility && document.visibility === "members" && <span className="rounded bg-stone-200 px-2 py-0.5 font-semibold text-stone-800">{t("library.membersOnly")}</span>}
      </p>
      <h2 className="text-lg font-semibold">
        {/* A download, never a page of the site: the browser is told to fetch it whole. */}
        <a href={document.url} download={document.fileName} className="text-brand-800 underline">
          {document.title}
          <span className="sr-only"> {t("library.download", { type: typeName(document.contentType, t) })}</span>
        </a>
      </h2>
      {document.summary && <p className="whitespace-pre-line text-stone-800">{document.summary}</p>}
      {document.tags.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("library.tags")}>
          {document.tags.map((tag) => (
            <li key={tag}>
              <Link to={`${path}?tag=${encodeURIComponent(tag)}`} className="rounded-full border border-stone-300 px-2 py-0.5 text-sm text-stone-700 underline">
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function DocumentLibrary({ list, path, q, tag, showVisibility = false }: { list: DocumentList; path: string; q: string; tag: string; showVisibility?: boolean }) {
  const { t } = useTranslation("members");
  const filtered = q !== "" || tag !== "";
  return (
    <div className="grid gap-4">
      <Form method="get" action={path} role="search" aria-label={t("library.form")} className="flex flex-wrap items-end gap-2">
        <label className="grid min-w-0 flex-1 gap-1">
          <span className={ui.label}>{t("library.searchLabel")}</span>
          <input type="search" name="q" defaultValue={q} maxLength={200} className={ui.input} />
        </label>
        {tag && <input type="hidden" name="tag" value={tag} />}
        <button type="submit" className={ui.primary}>
          {t("library.search")}
        </button>
      </Form>
      {list.tags.length > 0 && (
        <nav aria-label={t("library.filter")}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to={q ? `${path}?q=${encodeURIComponent(q)}` : path} aria-current={tag === "" ? "true" : undefined} className={chip(tag === "")}>
                {t("library.all")}
              </Link>
            </li>
            {list.tags.map((t) => {
              const current = t.toLowerCase() === tag.toLowerCase();
              const query = new URLSearchParams({ ...(q ? { q } : {}), tag: t });
              return (
                <li key={t}>
                  <Link to={`${path}?${query}`} aria-current={current ? "true" : undefined} className={chip(current)}>
                    {t}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {list.items.length === 0 ? (
        <p className="text-stone-700">{filtered ? t("library.noMatch") : t("library.none")}</p>
      ) : (
        <>
          {filtered && <p className="text-stone-700" role="status">{t("library.matches", { count: list.items.length })}</p>}
          <ul className="grid gap-3">
            {list.items.map((document) => (
              <DocumentItem key={document.id} document={document} path={path} showVisibility={showVisibility} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const chip = (current: boolean) =>
  `inline-block rounded-full border px-3 py-1 text-sm ${current ? "border-brand-800 bg-brand-800 font-semibold text-white" : "border-stone-300 bg-white text-stone-800 underline"}`;

/** The query of a library page's address: the words and the tag. */
export function libraryQuery(url: URL): { q: string; tag: string } {
  return { q: (url.searchParams.get("q") ?? "").trim().slice(0, 200), tag: (url.searchParams.get("tag") ?? "").trim().slice(0, 40) };
}

/** The API's address for that query. */
export function libraryApiPath({ q, tag }: { q: string; tag: string }): string {
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(tag ? { tag } : {}) });
  return `/documents${query.size ? `?${query}` : ""}`;
}
