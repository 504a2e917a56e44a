// The rich-text editor (Tiptap), with a Markdown mode. Stored content is parsed into the editor's schema,
// never written into the page as HTML; what it produces is a draft the server sanitizes before storing.
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState, type KeyboardEvent } from "react";
import { ui } from "./field.tsx";

interface Props {
  label: string;
  /** The form field the content is sent as. */
  name: string;
  markdown?: boolean;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
}

const TOOLS: Array<{ label: string; run: (editor: Editor) => void }> = [
  { label: "Bold", run: (e) => e.chain().focus().toggleBold().run() },
  { label: "Italic", run: (e) => e.chain().focus().toggleItalic().run() },
  { label: "Heading", run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: "Paragraph", run: (e) => e.chain().focus().setParagraph().run() },
  { label: "Bulleted list", run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: "Numbered list", run: (e) => e.chain().focus().toggleOrderedList().run() },
  {
    label: "Link",
    run: (e) => {
      const href = window.prompt("Link address (https://, mailto: or tel:)");
      if (href) e.chain().focus().extendMarkRange("link").setLink({ href }).run();
    },
  },
  { label: "Remove link", run: (e) => e.chain().focus().unsetLink().run() },
];

/** An editor emptied by the person still holds an empty paragraph: that is no content. */
const contentOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

export function RichTextEditor({ label, name, markdown, defaultValue, invalid, describedBy }: Props) {
  const id = useId();
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ["mailto", "tel"] } })],
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
          "min-h-64 rounded-b-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-brand-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6",
      },
    },
    onUpdate: ({ editor }) => setHtml(contentOf(editor)),
  });

  if (markdown) {
    return (
      <div>
        <label htmlFor={`${id}-md`} className={ui.label}>
          {label} (Markdown)
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
      <div role="toolbar" aria-label="Formatting" className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-400 bg-stone-100 p-1" onKeyDown={onToolbarKey}>
        {TOOLS.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            tabIndex={index === 0 ? 0 : -1}
            disabled={!editor}
            className="min-w-9 rounded px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-white disabled:opacity-50"
            onClick={() => editor && tool.run(editor)}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
