import { signInWithPassword, signInWithProvider } from "@/app/signin/actions";
import { oauthProviders } from "@/lib/auth";
import { ReturnPathInput } from "./return-path-input";

const ERRORS: Record<string, string> = {
  credentials: "That e-mail and password do not match an account (or there were too many tries; wait a few minutes).",
  OAuthAccountNotLinked: "That address is linked to another sign-in method.",
  AccessDenied: "Access denied.",
  oidc_no_email: "Your organisation's sign-in did not share an e-mail address, which this arena needs.",
  oidc_domain: "Accounts of that e-mail domain cannot sign in here.",
  oidc_unverified:
    "Your organisation has not verified that e-mail address, so it cannot be joined to the existing account.",
  oidc_no_role: "Your account has no role in this arena. Ask an admin for an invitation.",
};

/** The staff sign-in: e-mail and password, plus GitHub/Google and single sign-on when configured. */
export function SignInForm({ next, error, email }: { next?: string; error?: string; email?: string }) {
  const providers = oauthProviders();
  return (
    <div className="mx-auto max-w-sm space-y-4 rounded-xl border border-zinc-200 p-6 dark:border-zinc-800">
      <div>
        <h1 className="text-xl font-semibold">Sign in</h1>
        <p className="text-sm muted">For admins and researchers. Voting in the arena needs no account.</p>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {ERRORS[error] ?? "Sign-in failed; please try again."}
        </p>
      ) : null}
      <form action={signInWithPassword} className="space-y-3">
        <ReturnPathInput next={next} />
        <label className="block text-sm">
          E-mail
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={email}
            className="input mt-1 w-full"
          />
        </label>
        <label className="block text-sm">
          Password
          <input
            name="password"
            type="password"
            required
            autoComplete="current-password"
            className="input mt-1 w-full"
          />
        </label>
        <button type="submit" className="btn-primary w-full">
          Sign in
        </button>
      </form>
      {providers.map((p) => (
        <form key={p.id} action={signInWithProvider}>
          <input type="hidden" name="provider" value={p.id} />
          <ReturnPathInput next={next} />
          <button type="submit" className="btn-secondary w-full">
            Continue with {p.name}
          </button>
        </form>
      ))}
    </div>
  );
}
