// Errors shown beside the field at fault: the field is marked invalid, names its message as its description, and the
// first field in error gets the focus, which reads that message out. What the form as a whole ran into (the network,
// the server) stays a form-level alert.
import { useEffect, useId, useRef, useState } from "react";
import { inputClass } from "./status-message.tsx";

export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/** `fields`: the form's fields in the order they appear, so focus goes to the first one in error. */
export function useFormErrors<F extends string>(fields: readonly F[]) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const focusPending = useRef(false);

  // Focus moves once the field carries its message, so the message is read out with it.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const first = fields.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  }, [errors, fields, id]);

  return {
    formRef,
    errors,
    /** Shows these errors (and only these), moving focus to the first field among them. */
    fail(found: FormErrors<F>) {
      focusPending.current = true;
      setErrors(found);
    },
    clear() {
      setErrors({});
    },
    inputId: (field: F) => `${id}-${field}`,
    /** The input's id, invalid state and description (its error, then an optional hint shown below it). */
    inputProps(field: F, hintId?: string) {
      const error = errors[field];
      return {
        id: `${id}-${field}`,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [error ? `${id}-${field}-error` : null, hintId].filter(Boolean).join(" ") || undefined,
        className: `${inputClass} ${error ? "border-red-600" : ""}`,
      };
    },
    /** The field's message, to be placed right below its input. */
    errorOf(field: F) {
      const error = errors[field];
      return error ? (
        <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null;
    },
  };
}
