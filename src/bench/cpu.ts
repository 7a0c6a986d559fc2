/**
 * CPU time spent by a process tree, from /proc (Linux). The benchmark divides it by the requests served
 * to report CPU per request for the server and for PostgreSQL: a figure that, unlike requests per
 * second, barely moves when something else is using the machine at the same time.
 */
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  parent: number;
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces and parentheses: fields are counted after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // utime, stime, and cutime, cstime: what its children that have exited used (a backend that closed).
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { pid, parent: Number(fields[1]), cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null; // exited meanwhile
  }
}

/** CPU milliseconds used so far by `root` and every descendant still alive. */
export function treeCpuMs(root: number): number {
  const stats = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  let total = 0;
  const pending = stats.filter((stat) => stat.pid === root);
  while (pending.length > 0) {
    const stat = pending.pop()!;
    total += stat.cpuMs;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}
