/**
 * The processes of a process group, read from /proc (Linux, as CI is). A test that kills a server's
 * whole group with SIGKILL uses this to prove that no worker survived it.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessStat {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses, so split after the last ')'. */
export function processStat(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid = "0", pgrp = "0"] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { pid, state, ppid: Number(ppid), pgrp: Number(pgrp) };
  } catch {
    return null; // gone between listing and reading
  }
}

/**
 * The live members of process group `pgid`. Zombies do not count: a killed process whose parent
 * died too is reaped by init, which in a container may never happen, but it runs nothing.
 */
export function livingProcessesInGroup(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => processStat(Number(entry)))
    .filter((stat): stat is ProcessStat => stat !== null && stat.pgrp === pgid && stat.state !== "Z")
    .map((stat) => stat.pid);
}
