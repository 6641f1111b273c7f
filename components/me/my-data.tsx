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
}

export function MyData() {
  const t = useT();
  const [state, setState] = useState<"idle" | "confirming" | "deleting" | "failed">("idle");
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  useLeaveGuard(state === "deleting");
  if (deleted)
    return (
      <p role="status" className="text-sm" data-testid="data-deleted">
        {t("me.deleted", { ...deleted })}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <a className="btn-secondary" href="/api/me/data" download>
        {t("me.download")}
      </a>
      {state === "idle" || state === "failed" ? (
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
                setState(error instanceof ApiFailure && error.status === 403 ? "idle" : "failed");
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
      {state === "failed" && (
        <span role="alert" className="basis-full text-red-800 dark:text-red-200">
          {t("me.deleteFailed")}
        </span>
      )}
    </div>
  );
}
