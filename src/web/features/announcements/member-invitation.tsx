// What the members' pages show someone who is not a member: a visitor is asked to sign in, a signed-in person who owns
// no member business is invited to claim theirs or propose it.
import { Link } from "react-router";
import { paths } from "#web/lib/paths.ts";

export function MemberInvitation({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="card mt-4 grid max-w-2xl gap-3" role="region" aria-label="Members only">
      {signedIn ? (
        <>
          <p className="text-stone-800">
            These pages are for members: the owners of the association's member businesses. Claim your business if it is already in the directory, or
            propose it if it is not; once an administrator approves, you are a member.
          </p>
          <p>
            <Link to={paths.myBusiness} className="font-semibold text-brand-700 underline">
              Claim or propose your business
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-stone-800">These pages are for members: the owners of the association's member businesses. Please sign in.</p>
          <p className="flex flex-wrap gap-4">
            <Link to={paths.login} className="font-semibold text-brand-700 underline">
              Login
            </Link>
            <Link to={paths.signup} className="font-semibold text-brand-700 underline">
              Create an account
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
