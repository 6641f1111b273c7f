import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { signedInUser } from "@/lib/auth/session";
import type { QueryProps } from "@/lib/http";
import { titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.signin");

export default async function SignInPage({ searchParams }: QueryProps) {
  const params = await searchParams;
  const user = params.error ? null : await signedInUser();
  if (user?.role === "admin") redirect("/admin");
  if (user?.role === "researcher") redirect("/research");
  const email = params.error ? (await cookies()).get("arena-signin-email")?.value : undefined;
  return <SignInForm next={params.next ?? params.callbackUrl} error={params.error} email={email} />;
}
