// What a command of `arena` writes to its output stream, for tests that call the command's function directly.
import { Writable } from "node:stream";

export async function commandOutput(
  command: (argv: string[], out: NodeJS.WritableStream) => Promise<void>,
  args: string[],
): Promise<string> {
  let text = "";
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += chunk;
      done();
    },
  });
  await command(args, out);
  return text;
}
