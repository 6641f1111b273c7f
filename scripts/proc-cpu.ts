// CPU time of a process tree from /proc (Linux), for the benchmarks: user + system time of the live processes,
// plus what the root has collected from children that already exited (PostgreSQL backends come and go).
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime, in ticks */
  own: number;
  /** cutime + cstime: exited children that were waited for */
  children: number;
}

/** A process's (or one of its threads') stat file, read. */
function stat(pid: number, file = `/proc/${pid}/stat`): Stat | null {
  try {
    const text = fs.readFileSync(file, "utf8");
    // the command name may hold spaces and parentheses: fields start after the last ')'
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const num = (i: number) => Number(fields[i - 3]);
    return { pid, ppid: num(4), own: num(14) + num(15), children: num(16) + num(17) };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => stat(Number(name)))
    .filter((s): s is Stat => s !== null);
}

/** Seconds of CPU the process `root` and all its descendants have used so far. */
export function treeCpuSeconds(root: number): number {
  return treesCpuSeconds([root])[0] as number;
}

/** treeCpuSeconds of several roots from one look at /proc (a look takes a few milliseconds). */
export function treesCpuSeconds(roots: number[]): number[] {
  const stats = allStats();
  const byParent = new Map<number, Stat[]>();
  for (const s of stats) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
  return roots.map((root) => {
    const top = stats.find((s) => s.pid === root);
    if (!top) return Number.NaN;
    let ticks = top.own + top.children;
    const queue = [...(byParent.get(root) ?? [])];
    while (queue.length) {
      const s = queue.shift() as Stat;
      ticks += s.own;
      queue.push(...(byParent.get(s.pid) ?? []));
    }
    return ticks / TICKS_PER_SECOND;
  });
}

/** Seconds of CPU one thread of a process has used (the main thread's id is the process's). */
export function threadCpuSeconds(pid: number, thread = pid): number {
  const own = stat(pid, `/proc/${pid}/task/${thread}/stat`)?.own;
  return own === undefined ? Number.NaN : own / TICKS_PER_SECOND;
}

/** The postmaster's pid from a PostgreSQL data folder. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
}
