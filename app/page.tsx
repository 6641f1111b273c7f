import Link from "next/link";
import { Arena } from "@/components/arena/arena";

export default function BattlePage() {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Which model sees better?</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Upload an image, ask anything, and vote for the better of two anonymous answers.{" "}
          <Link href="/history" className="underline">
            Your battles
          </Link>
        </p>
      </div>
      <Arena mode="battle" />
    </div>
  );
}
