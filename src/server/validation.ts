// Turns a form schema's failure into the API's 400, with the same messages per field the forms show.
import { fieldErrors, formMessage, type IssueLike } from "../shared/field-errors.ts";
import { Validation, type AppError } from "./errors.ts";

export function invalidInput(issues: ReadonlyArray<IssueLike>, required: string): AppError {
  const fields = fieldErrors(issues);
  return Validation(formMessage(fields, required), fields);
}
