// Passwords attackers try first: the 49,000 most common ones (zxcvbn-ts's list), refused at sign-up and reset.
import type * as LanguageCommon from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { lazyRequire } from "../lib/lazy-require.ts";

const languageCommon = lazyRequire<typeof LanguageCommon>("@zxcvbn-ts/language-common");

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // Shorter ones are refused by the length rule anyway; loaded and built on first use (it is megabytes).
  common ??= new Set(languageCommon().dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  return common;
}

/** True for a password on the common list, compared case-insensitively ("Password1" is as weak as "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
