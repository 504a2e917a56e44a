import type { CurrentUser } from "../auth/session.ts";
import type { AppServices } from "../services.ts";

/** Per-request values the server's middleware sets for handlers. */
export interface AppEnv {
  Variables: {
    user: CurrentUser | null;
    services: AppServices;
    secureHeadersNonce?: string;
  };
}
