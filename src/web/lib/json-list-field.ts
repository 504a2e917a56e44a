/**
 * The list one form field carries as JSON (a gallery's photos, a business's social links): as the form last sent it
 * (a JSON string, when a refused submit comes back) or as stored (an array). Anything else is an empty list.
 */
export function jsonListField<T>(value: unknown): T[] {
  let parsed = value;
  if (typeof parsed === "string") {
    try {
      parsed = JSON.parse(parsed) as unknown;
    } catch {
      parsed = [];
    }
  }
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}
