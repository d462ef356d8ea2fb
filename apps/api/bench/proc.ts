/**
 * CPU time and memory of the bench's child processes and their descendants, from Linux's
 * /proc (proc(5)): the built server's cluster, the bare server's, PostgreSQL's backends.
 * Callers check that /proc/<pid>/stat exists first.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node supports). */
const CLOCK_TICKS = 100;

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces, in
 * parentheses): index 0 is the line's 3rd field (state), so field n of proc(5) is index n − 3.
 * Throws when the process has ended.
 */
export function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU seconds (user and system) of a live process and its live descendants (the cluster's
 * workers, PostgreSQL's backends), and of the descendants that have ended and been waited
 * for, from /proc/<pid>/stat and /proc/<pid>/task/<pid>/children.
 */
export function processTreeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      // utime, stime, cutime and cstime: fields 14 to 17.
      const fields = statFields(member);
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read: its time is no longer there.
    }
  }
  return ticks / CLOCK_TICKS;
}

/** The pids of a live process and its live descendants, from /proc/<pid>/task/<pid>/children. */
function processTree(pid: number): number[] {
  const tree: number[] = [];
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    tree.push(next);
    try {
      const children = readFileSync(`/proc/${next}/task/${next}/children`, 'utf8').trim();
      if (children) pending.push(...children.split(' ').map(Number));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return tree;
}

/**
 * Resident memory (MB) of a live process and its live descendants: VmRSS now and VmHWM, each
 * process's peak, summed, from /proc/<pid>/status.
 */
export function processTreeMemoryMb(pid: number): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, 'utf8');
      rss += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      peak += Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { rss: rss / 1024, peak: peak / 1024 };
}
