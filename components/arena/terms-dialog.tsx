"use client";

import { useState } from "react";
import { call } from "./api";

export function TermsDialog({ onAccepted }: { onAccepted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  async function accept() {
    try {
      await call("/api/visitor", { method: "POST" });
      onAccepted();
    } catch {
      setError("Could not save your choice. Please try again.");
    }
  }
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="terms-title"
        className="max-w-lg space-y-3 rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900"
      >
        <h2 id="terms-title" className="text-lg font-semibold">
          Terms of use
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          <li>This is a research preview. Answers may be wrong, offensive or unsafe.</li>
          <li>Do not upload personal, private or sensitive information or images of people without their consent.</li>
          <li>Your prompts, images and votes are stored and may be released publicly as a research dataset.</li>
          <li>No account is needed; we keep an anonymous id in a cookie and only a salted hash of your IP address.</li>
        </ul>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <button
          type="button"
          onClick={accept}
          className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          I agree
        </button>
      </div>
    </div>
  );
}
