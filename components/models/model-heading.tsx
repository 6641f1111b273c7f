// The top of a model's page: back to the board, its name, who makes it and under what licence, and what a visitor
// can do with it now (a battle against it while it is drawn, a direct chat while it is enabled).
import Link from "next/link";
import type { Translate } from "@/lib/i18n/client";
import type { ModelProfile } from "@/lib/leaderboard";

export function ModelHeading({ model, t }: { model: ModelProfile["model"]; t: Translate }) {
  return (
    <div className="space-y-1">
      <Link href="/leaderboard" className="text-sm muted hover:underline">
        ← {t("board.title")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">{model.displayName}</h1>
      <p className="text-sm muted">
        {[model.organization, model.license, model.isDemo ? t("modelPage.demo") : null].filter(Boolean).join(" · ")}
      </p>
      {model.enabled ? (
        <p className="flex flex-wrap gap-2 pt-1 text-sm" data-testid="model-actions">
          {model.weight > 0 && !model.outage ? (
            <Link href={`/?with=${encodeURIComponent(model.id)}`} className="btn-secondary">
              {t("modelPage.battleWith")}
            </Link>
          ) : null}
          <Link href={`/chat?a=${encodeURIComponent(model.id)}`} className="btn-secondary">
            {t("modelPage.chatWith")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
