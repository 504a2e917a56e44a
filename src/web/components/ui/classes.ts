// The class names of the forms' and pages' shared controls (buttons, inputs, labels, messages, tables), apart from the
// form field components (field.tsx) so that a page with a button of these loads no form library.
export const ui = {
  primary:
    "inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50",
  input:
    "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 disabled:bg-stone-100 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700",
  label: "block text-sm font-semibold text-stone-800",
  error: "mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800",
  success: "mt-3 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900",
  sectionHeading: "text-xl font-semibold text-brand-800",
  table: "w-full min-w-[40rem] border-collapse text-start text-sm",
  th: "border-b border-stone-300 px-2 py-2 font-semibold text-stone-800",
  td: "border-b border-stone-200 px-2 py-2 align-top",
} as const;
