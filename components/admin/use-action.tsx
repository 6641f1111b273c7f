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

export function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-md bg-red-50 px-2 py-1 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {error}
    </p>
  ) : null;
}
