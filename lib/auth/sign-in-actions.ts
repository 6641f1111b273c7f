"use server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { signIn, signOut } from "./auth";
import { oauthProviders, safeReturnPath } from "./index";

const SIGNIN_EMAIL_COOKIE = "arena-signin-email";

/** Only paths on this site: a sign-in link cannot send someone elsewhere. */
const safeNext = (value: FormDataEntryValue | null) => safeReturnPath(value);

export async function signInWithPassword(form: FormData) {
  const next = safeNext(form.get("next"));
  try {
    await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirectTo: next });
  } catch (error) {
    // signIn redirects by throwing; only its own failures are ours to handle
    if (error instanceof AuthError) {
      // the e-mail comes back filled in (a minute-long cookie, not the URL: addresses stay out of logs and history)
      const email = form.get("email");
      if (typeof email === "string" && email.length <= 254) {
        (await cookies()).set(SIGNIN_EMAIL_COOKIE, email, {
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          maxAge: 60,
        });
      }
      redirect(`/signin?error=credentials&next=${encodeURIComponent(next)}`);
    }
    throw error;
  }
}

export async function signInWithProvider(form: FormData) {
  const provider = form.get("provider");
  if (typeof provider !== "string" || !oauthProviders().some((p) => p.id === provider)) redirect("/signin");
  await signIn(provider, { redirectTo: safeNext(form.get("next")) });
}

export async function signOutAction() {
  await signOut({ redirectTo: "/" });
}
