// The rich-text editor itself (Tiptap, on ProseMirror), loaded apart by rich-text-editor.tsx once the page's scripts
// run. Stored content is parsed into the editor's schema, never written into the page as HTML; what it produces is a
// draft the server sanitizes before storing.
import { useTranslation } from "react-i18next";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import { ui } from "./classes.ts";
import { ImagePopover } from "./rich-text-image.tsx";
import { EDITOR_AREA, EditorField, EditorToolbar, toolsOf, type RichTextProps } from "./rich-text-editor.tsx";

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

export default function TiptapEditor({ label, name, defaultValue, invalid, describedBy, images }: RichTextProps) {
  const id = useId();
  const [html, setHtml] = useState(defaultValue);
  const [dialog, setDialog] = useState<string | null>(null);
  const dialogButton = useRef<HTMLButtonElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ["mailto", "tel"] } }),
      ...(images ? [Image.configure({ inline: false, allowBase64: false })] : []),
    ],
    content: defaultValue,
    // Made only in the browser (rich-text-editor.tsx): drawn at its first render.
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: EDITOR_AREA,
      },
    },
    onUpdate: ({ editor }) => setHtml(contentOf(editor)),
  });

  return (
    <EditorField id={id} label={label} name={name} value={html}>
      <EditorToolbar
        tools={toolsOf(images)}
        dialog={dialog}
        dialogButton={dialogButton}
        onTool={
          editor &&
          ((tool) => {
            if (tool.dialog) setDialog(tool.label);
            else tool.run(editor);
          })
        }
      />
      {dialog === "Link" && editor && <LinkPopover editor={editor} trigger={dialogButton} onClose={() => setDialog(null)} />}
      {dialog === "Insert image" && editor && images && <ImagePopover editor={editor} kind={images} trigger={dialogButton} onClose={() => setDialog(null)} />}
      <EditorContent editor={editor} />
    </EditorField>
  );
}
