import { main } from "../../lib/cli/arena";

/** Runs the `arena` command in this process and returns its exit code and what it printed on stdout and stderr. */
export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const printed: string[] = [];
  const errors: string[] = [];
  const write = process.stdout.write;
  const writeError = process.stderr.write;
  process.stdout.write = ((chunk: string) => printed.push(String(chunk)) > 0) as typeof process.stdout.write;
  // stderr is kept and still written on: a test that reads stderr itself sees it too
  process.stderr.write = ((chunk: string) => {
    errors.push(String(chunk));
    return writeError.call(process.stderr, chunk);
  }) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out: printed.join(""), err: errors.join("") };
  } finally {
    process.stdout.write = write;
    process.stderr.write = writeError;
  }
}
