// A small accessible rich-text editor (contenteditable and a formatting toolbar), with a Markdown mode.
// What it produces is only a draft: the server sanitizes it before storing and again before showing it.
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { PageContentFormat } from "../../../shared/schemas/page.ts";
import { ui } from "./styles.ts";

interface Props {
  label: string;
  format: PageContentFormat;
  value: string;
  /** Changes whenever the form loads other content, so the editable area takes the new value. */
  resetKey: string | number;
  disabled?: boolean;
  onChange: (value: string) => void;
}

const TOOLS: Array<{ label: string; run: () => void }> = [
  { label: "Bold", run: () => document.execCommand("bold") },
  { label: "Italic", run: () => document.execCommand("italic") },
  { label: "Heading", run: () => document.execCommand("formatBlock", false, "h2") },
  { label: "Paragraph", run: () => document.execCommand("formatBlock", false, "p") },
  { label: "Bulleted list", run: () => document.execCommand("insertUnorderedList") },
  { label: "Numbered list", run: () => document.execCommand("insertOrderedList") },
  {
    label: "Link",
    run: () => {
      const url = window.prompt("Link address (https://, mailto: or tel:)");
      if (url) document.execCommand("createLink", false, url);
    },
  },
  { label: "Remove link", run: () => document.execCommand("unlink") },
];

export function RichTextEditor({ label, format, value, resetKey, disabled, onChange }: Props) {
  const id = useId();
  const editor = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);

  // The editable area is uncontrolled (React must not rewrite it under the caret); it takes a new value
  // only when the form loads other content or switches format.
  useEffect(() => {
    if (format === "html" && editor.current) editor.current.innerHTML = value;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey, format]);

  // One tab stop for the toolbar; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(toolbar.current?.querySelectorAll("button") ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length]!;
    buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  }

  if (format === "markdown") {
    return (
      <div>
        <label htmlFor={`${id}-md`} className={ui.label}>
          {label} (Markdown)
        </label>
        <textarea
          id={`${id}-md`}
          className={`${ui.input} min-h-64 font-mono text-sm`}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  }

  return (
    <div>
      <span id={`${id}-label`} className={ui.label}>
        {label}
      </span>
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={`${id}-editor`}
        className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-400 bg-stone-100 p-1"
        onKeyDown={onToolbarKey}
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            tabIndex={index === 0 ? 0 : -1}
            disabled={disabled}
            className="min-w-9 rounded px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-white disabled:opacity-50"
            // Keeps the selection in the editor while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              editor.current?.focus();
              tool.run();
              onChange(editor.current?.innerHTML ?? "");
            }}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-editor`}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        tabIndex={0}
        className="min-h-64 rounded-b-md border border-stone-400 bg-white px-3 py-2 text-stone-900 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6"
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  );
}
