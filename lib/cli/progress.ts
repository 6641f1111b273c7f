// A progress bar on stderr for long command-line work; silent when stderr is not a terminal (logs, pipes).
import { config } from "../config";

export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  const enabled = stream.isTTY === true || config().ARENA_PROGRESS;
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (done < total && now - last < 80) return;
      last = now;
      const width = 28;
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(fraction * width);
      stream.write(`\r${label} [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${Math.round(fraction * 100)}%`);
      shown = true;
    },
    done() {
      if (enabled && shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}
