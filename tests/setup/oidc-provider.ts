// A real OpenID Connect provider (oidc-provider) on loopback, standing in for Google in tests. Its development
// login screen accepts any login name; the login name is the user's email, and each user's name and picture
// can be changed between sign-ins.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface OidcProfile {
  name: string;
  picture: string;
}

export async function startOidcProvider({ redirectUris, clientId = "niche", clientSecret = "niche-oidc-secret" }: { redirectUris: string[]; clientId?: string; clientSecret?: string }) {
  const profiles = new Map<string, OidcProfile>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // 127.0.0.1 rather than localhost, so the provider's cookies never mix with the site's.
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-cookie-key-for-oidc-provider"] },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const profile = profiles.get(sub) ?? { name: sub.split("@")[0] ?? sub, picture: "" };
          return { sub, email: sub, email_verified: true, name: profile.name, ...(profile.picture ? { picture: profile.picture } : {}) };
        },
      };
    },
  });
  // Development interactions print a warning per request; tests do not need it.
  provider.on("server_error", (_ctx: unknown, error: Error) => console.error("oidc-provider:", error));
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    setProfile(email: string, profile: OidcProfile) {
      profiles.set(email, profile);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;
