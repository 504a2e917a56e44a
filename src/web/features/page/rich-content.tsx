// Shows CMS content that the server has already sanitized (DOMPurify), with readable typography.
/** `lang` names the content's language when it is not the page's (a translation is missing); it takes its own direction. */
export function RichContent({ html, className = "", lang }: { html: string; className?: string; lang?: string | undefined }) {
  return (
    <div
      lang={lang}
      dir="auto"
      className={`max-w-prose text-stone-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:mt-3 [&_blockquote]:border-s-4 [&_blockquote]:border-stone-300 [&_blockquote]:ps-4 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:mt-3 [&_img]:max-w-full [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-3 [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-stone-100 [&_pre]:p-3 [&_table]:mt-3 [&_td]:border [&_td]:border-stone-300 [&_td]:px-2 [&_th]:border [&_th]:border-stone-300 [&_th]:px-2 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:ps-6 ${className}`}
      // Sanitized on the server when saved and again when rendered (src/server/features/page/page-content.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
