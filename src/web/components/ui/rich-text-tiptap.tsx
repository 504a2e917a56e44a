// The rich-text editor (Tiptap), with a Markdown mode. Stored content is parsed into the editor's schema,
// never written into the page as HTML; what it produces is a draft the server sanitizes before storing.
import { useTranslation } from "react-i18next";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Dialog, Popover } from "react-aria-components";
import { ui } from "./field.tsx";
import { ImagePopover } from "./rich-text-image.tsx";

interface Props {
  label: string;
  /** The form field the content is sent as. */
  name: string;
  markdown?: boolean;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  /**
   * Images in the text, uploaded as this kind: only for content whose server keeps images of the site's own uploads
   * and nothing else (a newsletter's).
   */
  images?: UploadKind;
}

const TOOLS: Array<{ label: string; run: (editor: Editor) => void }> = [
  { label: "Bold", run: (e) => e.chain().focus().toggleBold().run() },
  { label: "Italic", run: (e) => e.chain().focus().toggleItalic().run() },
  { label: "Heading", run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: "Paragraph", run: (e) => e.chain().focus().setParagraph().run() },
  { label: "Bulleted list", run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: "Numbered list", run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: "Link", run: () => undefined },
  { label: "Remove link", run: (e) => e.chain().focus().unsetLink().run() },
];
/** The tools that open a dialog beside the toolbar rather than acting at once. */
const DIALOG_TOOLS = new Set(["Link", "Insert image"]);

/** An editor emptied by the person still holds an empty paragraph: that is no content. */
const contentOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i;

/** Asks for a link's address beside the toolbar (no browser prompt): Enter or "Add link" sets it, Escape leaves. */
function LinkPopover({ editor, trigger, onClose }: { editor: Editor; trigger: React.RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const { t } = useTranslation("ui");
  const id = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [error, setError] = useState("");
  const apply = () => {
    const value = href.trim();
    if (!LINK.test(value)) return setError(t("editor.linkInvalid"));
    const chain = editor.chain().focus().extendMarkRange("link");
    // With nothing selected, the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive("link")) chain.insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  };
  return (
    <Popover triggerRef={trigger} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom start" className="z-50 w-80 max-w-[90vw] rounded-md border border-stone-300 bg-white p-3 shadow-lg">
      <Dialog aria-labelledby={`${id}-label`} className="grid gap-2 outline-none">
        <label id={`${id}-label`} htmlFor={`${id}-href`} className={ui.label}>
          {t("editor.linkAddress")}
        </label>
        <input
          id={`${id}-href`}
          autoFocus
          inputMode="url"
          placeholder="https://"
          className={`${ui.input} mt-0`}
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            apply();
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t("editor.cancel")}
          </button>
          <button type="button" className={ui.primary} onClick={apply}>
            {t("editor.addLink")}
          </button>
        </div>
      </Dialog>
    </Popover>
  );
}

export function RichTextEditor({ label, name, markdown, defaultValue, invalid, describedBy, images }: Props) {
  const { t } = useTranslation("ui");
  const id = useId();
  const [html, setHtml] = useState(defaultValue);
  const [dialog, setDialog] = useState<string | null>(null);
  const dialogButton = useRef<HTMLButtonElement>(null);
  const tools = images ? [...TOOLS, { label: "Insert image", run: () => undefined }] : TOOLS;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ["mailto", "tel"] } }),
      ...(images ? [Image.configure({ inline: false, allowBase64: false })] : []),
    ],
    content: defaultValue,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class:
          "min-h-64 rounded-b-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-brand-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_img]:mt-2 [&_img]:h-auto [&_img]:max-w-full [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-700 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:ps-6",
      },
    },
    onUpdate: ({ editor }) => setHtml(contentOf(editor)),
  });

  if (markdown) {
    return (
      <div>
        <label htmlFor={`${id}-md`} className={ui.label}>
          {t("editor.markdownLabel", { label })}
        </label>
        <textarea id={`${id}-md`} name={name} className={`${ui.input} min-h-64 font-mono text-sm`} defaultValue={defaultValue} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      </div>
    );
  }

  // One tab stop for the toolbar; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (index < 0 || next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length]!;
    buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  }

  return (
    <div>
      <span id={`${id}-label`} className={ui.label}>
        {label}
      </span>
      <input type="hidden" name={name} value={html} />
      <div role="toolbar" aria-label={t("editor.toolbar")} className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-400 bg-stone-100 p-1" onKeyDown={onToolbarKey}>
        {tools.map((tool, index) => (
          <button
            key={tool.label}
            ref={tool.label === dialog ? dialogButton : undefined}
            type="button"
            aria-haspopup={DIALOG_TOOLS.has(tool.label) ? "dialog" : undefined}
            tabIndex={index === 0 ? 0 : -1}
            disabled={!editor}
            className="min-w-9 rounded px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-white disabled:opacity-50"
            onClick={() => {
              if (!editor) return;
              if (DIALOG_TOOLS.has(tool.label)) setDialog(tool.label);
              else tool.run(editor);
            }}
          >
            {t(`editor.tools.${tool.label}`)}
          </button>
        ))}
      </div>
      {dialog === "Link" && editor && <LinkPopover editor={editor} trigger={dialogButton} onClose={() => setDialog(null)} />}
      {dialog === "Insert image" && editor && images && <ImagePopover editor={editor} kind={images} trigger={dialogButton} onClose={() => setDialog(null)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
