"use server";
import { redirect } from "next/navigation";
import { acceptInvite } from "@/lib/auth";
import { signIn } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { DomainError } from "@/lib/errors";

export async function acceptInviteAction(form: FormData) {
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirm") ?? ""))
    redirect(`/invite/${token}?error=${encodeURIComponent("the two passwords differ")}`);
  let user: Awaited<ReturnType<typeof acceptInvite>>;
  try {
    user = await acceptInvite(getDb(), token, password, String(form.get("name") ?? ""));
  } catch (error) {
    if (error instanceof DomainError) redirect(`/invite/${token}?error=${encodeURIComponent(error.message)}`);
    throw error;
  }
  await signIn("credentials", {
    email: user.email,
    password,
    redirectTo: user.role === "admin" ? "/admin" : "/research",
  });
}
