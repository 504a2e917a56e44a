// Which browser origins may send the site requests that change something (sign-in, forms, API writes).
// One rule for every check: better-auth's trustedOrigins, the pages that warn about an untrusted address, and any
// other origin check on writes.
import type { Env } from "../env.ts";
import { publicUrl } from "../env.ts";

export interface OriginSettings {
  /** PUBLIC_URL when set. */
  publicUrl?: string | undefined;
  /** The site's own address: PUBLIC_URL, or http://localhost:PORT. */
  siteAddress: string;
  /** TRUSTED_ORIGINS. */
  extra: string[];
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether requests from `origin` are trusted: the site's own address and TRUSTED_ORIGINS always; and while PUBLIC_URL
 * is unset (a site tried out on this machine), any loopback address on any port, so that opening it at
 * http://127.0.0.1:3000 works as well as at http://localhost:3000.
 */
export function isTrustedOrigin(origin: string, settings: OriginSettings): boolean {
  const normalized = originOf(origin);
  if (!normalized) return false;
  const trusted = [settings.siteAddress, ...settings.extra].map(originOf);
  if (trusted.includes(normalized)) return true;
  if (settings.publicUrl) return false;
  return LOOPBACK_HOSTS.has(new URL(normalized).hostname);
}

export function originSettingsFromEnv(env: Env): OriginSettings {
  return {
    publicUrl: env.PUBLIC_URL,
    siteAddress: publicUrl(env),
    extra: env.TRUSTED_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean),
  };
}

export interface OriginPolicy {
  readonly siteAddress: string;
  /** isTrustedOrigin, and one warning in the log the first time each untrusted origin is seen. */
  isTrusted(origin: string): boolean;
}

const WARNED_ORIGINS_KEPT = 100;

export function createOriginPolicy(settings: OriginSettings, logger?: { warn: (data: object, message: string) => void }): OriginPolicy {
  const warned = new Set<string>();
  return {
    siteAddress: settings.siteAddress,
    isTrusted(origin) {
      if (isTrustedOrigin(origin, settings)) return true;
      if (logger && !warned.has(origin) && warned.size < WARNED_ORIGINS_KEPT) {
        warned.add(origin);
        logger.warn(
          { origin, siteAddress: settings.siteAddress },
          `refused a request from ${origin}: this site is set up for ${settings.siteAddress} (open it there, or set PUBLIC_URL or TRUSTED_ORIGINS)`,
        );
      }
      return false;
    },
  };
}
