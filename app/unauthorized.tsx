import { SignInForm } from "@/components/auth/sign-in-form";

// 401 for a page that needs an account: the sign-in form (back to that page afterwards), and nothing of the page.
export default function Unauthorized() {
  return <SignInForm />;
}
