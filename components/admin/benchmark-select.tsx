// The console's choice of a ground-truth benchmark, from the registry's list its page hands down.
import { Options } from "@/components/options";
import type { BenchmarkChoice } from "@/lib/benchmarks/client";

export function BenchmarkSelect({ benchmarks }: { benchmarks: BenchmarkChoice[] }) {
  return (
    <label className="flex flex-col text-xs">
      Benchmark
      <select name="benchmark" className="input" required>
        <Options items={benchmarks} value={(b) => b.name} label={(b) => b.title} />
      </select>
    </label>
  );
}
