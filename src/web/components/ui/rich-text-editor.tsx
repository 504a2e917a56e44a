// The rich-text editor, with a Markdown mode. Tiptap (ProseMirror) is loaded apart, once the page's scripts run
// (rich-text-tiptap.tsx): until then, and on the server's page, the editor's frame stands in its place with its tools
// off, as Tiptap's own editor drew before it was made. So a server never loads it for the pages it renders, and the
// pages' first scripts do not carry it.
import { lazy, Suspense, useId, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useScripted } from "#web/lib/scripted.ts";
import type { Editor } from "@tiptap/react";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { ui } from "./classes.ts";

const TiptapEditor = lazy(() => import("./rich-text-tiptap.tsx"));

export interface RichTextProps {
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

export interface Tool {
  label: string;
  run: (editor: Editor) => void;
  /** Opens a dialog beside the toolbar rather than acting at once. */
  dialog?: boolean;
}

const TOOLS: Tool[] = [
  { label: "Bold", run: (e) => e.chain().focus().toggleBold().run() },
  { label: "Italic", run: (e) => e.chain().focus().toggleItalic().run() },
  {
    label: "Heading",
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  { label: "Paragraph", run: (e) => e.chain().focus().setParagraph().run() },
  {
    label: "Bulleted list",
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Numbered list",
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { label: "Link", run: () => undefined, dialog: true },
  { label: "Remove link", run: (e) => e.chain().focus().unsetLink().run() },
];
const IMAGE_TOOL: Tool = {
  label: "Insert image",
  run: () => undefined,
  dialog: true,
};

/** The toolbar's tools, with "Insert image" where the text takes images. */
export const toolsOf = (images: UploadKind | undefined) => (images ? [...TOOLS, IMAGE_TOOL] : TOOLS);

/** The editable area's look, the same for the frame that stands in its place. */
export const EDITOR_AREA =
  "min-h-64 rounded-b-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-brand-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_img]:mt-2 [&_img]:h-auto [&_img]:max-w-full [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-700 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:ps-6";

// One tab stop for the toolbar; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: buttons.length - 1,
  }[event.key];
  if (index < 0 || next === undefined) return;
  event.preventDefault();
  const target = buttons[(next + buttons.length) % buttons.length]!;
  buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
  target.focus();
}

/** The editor's toolbar; its buttons are off while `onTool` is null (no editor yet). */
export function EditorToolbar({
  tools,
  dialog,
  dialogButton,
  onTool,
}: {
  tools: Tool[];
  dialog: string | null;
  dialogButton?: RefObject<HTMLButtonElement | null>;
  onTool: ((tool: Tool) => void) | null;
}) {
  const { t } = useTranslation("ui");
  return (
    <div role="toolbar" aria-label={t("editor.toolbar")} className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-400 bg-stone-100 p-1" onKeyDown={onToolbarKey}>
      {tools.map((tool, index) => (
        <button
          key={tool.label}
          ref={tool.label === dialog ? dialogButton : undefined}
          type="button"
          aria-haspopup={tool.dialog ? "dialog" : undefined}
          tabIndex={index === 0 ? 0 : -1}
          disabled={!onTool}
          className="min-w-9 rounded px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-white disabled:opacity-50"
          onClick={() => onTool?.(tool)}
        >
          {t(`editor.tools.${tool.label}`)}
        </button>
      ))}
    </div>
  );
}

/** The editor's label (`<id>-label`, which its area is labelled by) and the field it sends, around its toolbar and area. */
export function EditorField({ id, label, name, value, children }: { id: string; label: string; name: string; value: string; children: ReactNode }) {
  return (
    <div>
      <span id={`${id}-label`} className={ui.label}>
        {label}
      </span>
      <input type="hidden" name={name} value={value} />
      {children}
    </div>
  );
}

/** What stands in the editor's place until it is loaded: its label, the content as it stands, and its tools off. */
function EditorFrame({ label, name, defaultValue, images }: RichTextProps) {
  return (
    <EditorField id={useId()} label={label} name={name} value={defaultValue}>
      <EditorToolbar tools={toolsOf(images)} dialog={null} onTool={null} />
      <div className={EDITOR_AREA} aria-busy="true" />
    </EditorField>
  );
}


export function RichTextEditor(props: RichTextProps) {
  const { t } = useTranslation("ui");
  const id = useId();
  // True once the page's scripts run (false on the server and while the page hydrates).
  const scripted = useScripted();
  if (props.markdown) {
    return (
      <div>
        <label htmlFor={`${id}-md`} className={ui.label}>
          {t("editor.markdownLabel", { label: props.label })}
        </label>
        <textarea
          id={`${id}-md`}
          name={props.name}
          className={`${ui.input} min-h-64 font-mono text-sm`}
          defaultValue={props.defaultValue}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
        />
      </div>
    );
  }
  const frame = <EditorFrame {...props} />;
  return scripted ? (
    <Suspense fallback={frame}>
      <TiptapEditor {...props} />
    </Suspense>
  ) : (
    frame
  );
}
