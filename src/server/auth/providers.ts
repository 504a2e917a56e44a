// Third-party sign-in providers, configured from the environment: Google, and any OpenID Connect provider.
import type { Env } from "../env.ts";

export interface SignInProvidersConfig {
  google?: { clientId: string; clientSecret: string } | undefined;
  oidc?: { issuer: string; clientId: string; clientSecret?: string | undefined; name: string } | undefined;
}

/** What pages need to show a provider's button; never any secret. */
export interface SignInProvider {
  id: string;
  name: string;
}

export function signInProvidersFromEnv(env: Env): SignInProvidersConfig {
  return {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME }
        : undefined,
  };
}

export function listSignInProviders(config: SignInProvidersConfig): SignInProvider[] {
  const list: SignInProvider[] = [];
  if (config.google) list.push({ id: "google", name: "Google" });
  if (config.oidc) list.push({ id: "oidc", name: config.oidc.name });
  return list;
}
