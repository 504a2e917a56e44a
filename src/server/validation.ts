// Turns a form schema's failure into the API's 400: the spec's "... are required." sentence when a
// required field is missing, else the first field's own message; every field's first message beside it.
import { Validation, type AppError } from "./errors.ts";

export function invalidInput(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, required: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || "_"] ??= issue.message;
  const messages = Object.values(fields);
  return Validation(messages.includes(required) ? required : (messages[0] ?? required), fields);
}
