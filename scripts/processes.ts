// What the start scripts need to know about other processes on this machine, read from Linux's
// /proc (no `ss`, `lsof` or `fuser` needed): who listens on a TCP port, a process's command
// line, parent, process group, start time and environment, and ending a process (its whole
// group when it leads one) that ignores a polite signal. On a system without /proc every
// lookup finds nothing, so callers carry on as before.
import fs from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group id; equal to pid for a process started with `detached: true`. */
  pgid: number;
  /** Start time in clock ticks after boot (with pid, it names one process for good). */
  startTime: number;
  /** One-letter state: R running, S sleeping, Z zombie, … */
  state: string;
  /** The command line, arguments joined by spaces. */
  command: string;
}

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The process's facts, or null when it does not exist (or cannot be read). */
export function processInfo(pid: number): ProcessInfo | null {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may itself hold spaces or ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cmdline = read(`/proc/${pid}/cmdline`) ?? '';
  return {
    pid,
    state: fields[0] ?? '?',
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    startTime: Number(fields[19]),
    command: cmdline.split('\0').filter(Boolean).join(' '),
  };
}

/** One variable of the process's environment (as it was started), or null. */
export function processEnv(pid: number, name: string): string | null {
  const environ = read(`/proc/${pid}/environ`);
  if (environ === null) return null;
  const prefix = `${name}=`;
  const entry = environ.split('\0').find((e) => e.startsWith(prefix));
  return entry === undefined ? null : entry.slice(prefix.length);
}

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number, startTime?: number): boolean {
  const info = processInfo(pid);
  if (!info || info.state === 'Z') return false;
  return startTime === undefined || info.startTime === startTime;
}

/** Socket inodes of the TCP sockets listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = read(table);
    if (text === null) continue;
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; st 0A is LISTEN; the inode is column 10.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** Processes that hold a socket listening on the TCP `port` (those this user may inspect). */
export function listeningPids(port: number): number[] {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  const owners: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const link = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        return link.startsWith('socket:[') && inodes.has(link.slice(8, -1));
      } catch {
        return false;
      }
    });
    if (holds) owners.push(Number(entry));
  }
  return owners;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, startTime: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isRunning(pid, startTime)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Ends a process: SIGTERM, then SIGKILL after `graceMs` if it is still there. A process that
 * leads its own group (started detached) is signalled as a group, so its children go too.
 * Resolves how it ended: 'gone' (already), 'term' or 'kill'; throws if even SIGKILL failed.
 */
export async function endProcess(pid: number, graceMs = 5000): Promise<'gone' | 'term' | 'kill'> {
  const info = processInfo(pid);
  if (!info || info.state === 'Z') return 'gone';
  const target = info.pgid === pid ? -pid : pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(target, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  if (await waitGone(pid, info.startTime, graceMs)) return 'term';
  signal('SIGKILL');
  if (await waitGone(pid, info.startTime, 5000)) return 'kill';
  throw new Error(`process ${pid} (${info.command}) survived SIGKILL`);
}
