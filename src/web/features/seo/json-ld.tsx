// Structured data for search engines. The CSP allows scripts only with the request's nonce.
import { useNonce } from "#web/lib/nonce.tsx";

/** JSON inside <script> must not be able to close the element: "<" is escaped. */
function serialize(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // Browsers hide the nonce after load, so the attribute differs between server and client on purpose.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serialize({ "@context": "https://schema.org", ...data }) }}
    />
  );
}
