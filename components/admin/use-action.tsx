"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";

/** Runs a console action: remembers the error to show it, and refreshes the server-rendered page after success. */
export function useAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(action: () => Promise<T>, options: { refresh?: boolean } = {}): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      if (options.refresh !== false) router.refresh();
      return result;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run, setError };
}

const NOTE_STYLE = {
  alert: "rounded-md bg-red-50 px-2 py-1 text-sm text-red-800 dark:bg-red-950 dark:text-red-200",
  status: "text-sm text-emerald-700 dark:text-emerald-400",
};

function Note({ text, role }: { text: string | null; role: keyof typeof NOTE_STYLE }) {
  return text ? (
    <p role={role} className={NOTE_STYLE[role]}>
      {text}
    </p>
  ) : null;
}

/** What went wrong with the page's last action, in the server's words. */
export const ErrorNote = ({ error }: { error: string | null }) => <Note text={error} role="alert" />;

/** What an action did, said once it is done. */
export const DoneNote = ({ text }: { text: string | null }) => <Note text={text} role="status" />;
