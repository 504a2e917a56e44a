// One way from a schema's issues to messages per field, for every form and for the API's 400 answers.

export interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * The first message of each field, keyed by its dotted path; an issue of the whole input goes under `whole` ("_"
 * unless a form names it otherwise, as the setup form's "form").
 */
export function fieldErrors(issues: ReadonlyArray<IssueLike>, whole = "_"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || whole] ??= issue.message;
  return fields;
}

/**
 * The sentence a form shows above or below all its fields: the spec's "... are required." when a required
 * field is missing, else the first field's own message.
 */
export function formMessage(fields: Record<string, string>, required: string): string {
  const texts = Object.values(fields);
  return texts.includes(required) ? required : (texts[0] ?? required);
}
