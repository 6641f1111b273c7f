import type { Metadata } from "next";
import { findInvite } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { titleMetadata } from "@/lib/i18n/session";
import { acceptInviteAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.invite");

export default async function InvitePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { token } = await params;
  const { error } = await searchParams;
  const invite = await findInvite(getDb(), token);
  if (!invite) {
    return (
      <div className="mx-auto max-w-sm space-y-2 text-center">
        <h1 className="text-xl font-semibold">Invitation not valid</h1>
        <p className="text-sm muted">It was used already or has expired. Ask an admin for a new one.</p>
      </div>
    );
  }
  return (
    <form
      action={acceptInviteAction}
      className="mx-auto max-w-sm space-y-3 rounded-xl border border-zinc-200 p-6 dark:border-zinc-800"
    >
      <h1 className="text-xl font-semibold">Welcome to Vision Arena</h1>
      <p className="text-sm muted">Choose a password for {invite.email}.</p>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label className="block text-sm">
        Name (optional)
        <input name="name" className="input mt-1 w-full" autoComplete="name" />
      </label>
      <NewPassword name="password" label="Password (at least 10 characters)" />
      <NewPassword name="confirm" label="Password again" />
      <button type="submit" className="btn-primary w-full">
        Set password and sign in
      </button>
    </form>
  );
}

function NewPassword({ name, label }: { name: string; label: string }) {
  return (
    <label className="block text-sm">
      {label}
      <input
        name={name}
        type="password"
        required
        minLength={10}
        className="input mt-1 w-full"
        autoComplete="new-password"
      />
    </label>
  );
}
