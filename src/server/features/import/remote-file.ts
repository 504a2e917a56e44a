// Reads a calendar an administrator names by its address (an .ics feed), without letting the address reach the
// server's own network: only http(s) on public addresses, no redirects, at most 10 MB, 15 seconds.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { Validation } from "#server/errors.ts";
import { IMPORT_LIMITS } from "#shared/schemas/data-import.ts";

export type FetchFile = (url: string) => Promise<{ name: string; bytes: Uint8Array }>;

const refused = (message: string) => Validation(message, { url: message });

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges, in IPv4 and IPv6. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split(".").map(Number);
    return a === 0 || a === 10 || a === 127 || a >= 224 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168);
  }
  const lower = address.toLowerCase();
  if (lower.startsWith("::ffff:")) return isPrivateAddress(lower.slice(7));
  return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith("ff");
}

export const fetchPublicFile: FetchFile = async (address) => {
  let url: URL;
  try {
    url = new URL(address.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw refused("Enter the calendar's full address, starting with https://.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refused("Only http and https addresses can be read.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  if (addresses.length === 0) throw refused("That address's server could not be found.");
  if (addresses.some(isPrivateAddress)) throw refused("Addresses on a private network cannot be read.");
  let response: Response;
  try {
    response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(15_000), headers: { Accept: "text/calendar, text/plain;q=0.5" } });
  } catch {
    throw refused("The calendar could not be downloaded from that address.");
  }
  if (!response.ok || !response.body) throw refused(`The calendar could not be downloaded from that address (${response.status}).`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > IMPORT_LIMITS.bytes) throw refused("The calendar is larger than 10 MB.");
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { name: decodeURIComponent(url.pathname.split("/").pop() || url.hostname).slice(0, 200), bytes };
};
