import { main } from "../../lib/cli/arena";

/** Runs the `arena` command in this process and returns its exit code and what it printed on stdout. */
export async function runCli(args: string[]): Promise<{ code: number; out: string }> {
  const printed: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string) => printed.push(String(chunk)) > 0) as typeof process.stdout.write;
  try {
    const code = await main(args);
    return { code, out: printed.join("") };
  } finally {
    process.stdout.write = write;
  }
}
