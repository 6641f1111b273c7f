"use client";
// "Your data" on /me: download everything stored about this browser's visitor as one zip, or delete it all (asked
// twice, with a pending state; the page is left alone until the deletion is stored).
import { useState } from "react";
import { ApiFailure, call } from "@/components/api-client";
import { useT } from "@/components/i18n";
import { PendingLabel, useLeaveGuard } from "@/components/pending";

interface Deleted {
  conversations: number;
  votes: number;
  images: number;
  /** the signed-in account went too */
  account: boolean;
}

export function MyData() {
  const t = useT();
  const [state, setState] = useState<"idle" | "confirming" | "deleting" | "failed" | "admin">("idle");
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  useLeaveGuard(state === "deleting");
  if (deleted)
    return (
      <p role="status" className="text-sm" data-testid="data-deleted">
        {t("me.deleted", { conversations: deleted.conversations, votes: deleted.votes, images: deleted.images })}
        {deleted.account && ` ${t("me.deletedAccount")}`}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <a className="btn-secondary" href="/api/me/data" download>
        {t("me.download")}
      </a>
      {state === "idle" || state === "failed" || state === "admin" ? (
        <button type="button" className="btn-danger" onClick={() => setState("confirming")}>
          {t("me.delete")}
        </button>
      ) : (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="float-left mr-2">{t("me.confirmDelete")}</legend>
          <button
            type="button"
            className="btn-danger"
            disabled={state === "deleting"}
            aria-busy={state === "deleting"}
            onClick={async () => {
              setState("deleting");
              try {
                const result = await call<{ deleted: Deleted }>("/api/me/data", {
                  method: "DELETE",
                  headers: { "Content-Type": "application/json" },
                  body: JSON.stringify({ confirm: "delete everything" }),
                });
                setDeleted(result.deleted);
              } catch (error) {
                const code = error instanceof ApiFailure ? error.code : "";
                setState(code === "admin_account" ? "admin" : code === "terms_required" ? "idle" : "failed");
              }
            }}
          >
            <PendingLabel busy={state === "deleting"} busyLabel={t("me.deleting")}>
              {t("me.confirm")}
            </PendingLabel>
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={state === "deleting"}
            onClick={() => setState("idle")}
          >
            {t("me.cancel")}
          </button>
        </fieldset>
      )}
      {(state === "failed" || state === "admin") && (
        <span role="alert" className="basis-full text-red-800 dark:text-red-200">
          {t(state === "admin" ? "me.adminRefused" : "me.deleteFailed")}
        </span>
      )}
    </div>
  );
}
