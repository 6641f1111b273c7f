"use client";
import Link from "next/link";
import { useT } from "@/components/i18n";

// A page that failed to render: said plainly, with a retry and a way back (the details stay in the server log).
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-md space-y-3 py-12 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{t("error.title")}</h1>
      <p className="text-sm muted">{t("error.body")}</p>
      <p className="flex justify-center gap-3 text-sm">
        <button type="button" onClick={reset} className="btn-primary">
          {t("error.retry")}
        </button>
        <Link href="/" className="btn-secondary">
          {t("error.back")}
        </Link>
      </p>
    </div>
  );
}
