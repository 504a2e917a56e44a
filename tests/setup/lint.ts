// The lint-rule tests lint a small module as if it stood at a given path, with the project's own ESLint config.
import { ESLint } from "eslint";

let eslint: ESLint | undefined;

/** The rules (or messages) ESLint reports for `code` placed at `filePath`. */
export async function ruleIds(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}
