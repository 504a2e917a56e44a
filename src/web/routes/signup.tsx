import type { Route } from "./+types/signup";
import { getApp } from "../lib/app-context.ts";
import { pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { SignupForm, StatusMessage, ThirdPartySignIns } from "../features/account/index.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const providers = services.account.signInProviders();
  const query = new URL(request.url).searchParams;
  const failedProvider = query.has("error") ? providers.find((p) => p.id === query.get("provider")) : undefined;
  return { providers, siteAddress: services.origins.siteAddress, providerError: failedProvider ? messages.auth.providerSignUpFailed(failedProvider.name) : null };
}

export function action() {
  return { noScript: "Please turn on JavaScript to sign up." };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Sign Up", description: "Create an account to claim your business's listing and keep it up to date.", path: paths.signup });

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, providerError, siteAddress } = loaderData;
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Sign Up</h1>
      <div className="card grid gap-4">
        <StatusMessage kind="error">{actionData?.noScript}</StatusMessage>
        <SignupForm siteAddress={siteAddress} />
      </div>
      <ThirdPartySignIns providers={providers} error={providerError} mode="signup" />
    </section>
  );
}
