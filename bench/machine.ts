/**
 * The machine a run was taken on, and what this process and its children (the emulators the local
 * home started) spend: CPU seconds and resident memory, read from /proc on Linux.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memory: string;
  node: string;
  platform: string;
  loadAverage: string;
  date: string;
}

export function machine(): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  };
}

export const describeMachine = (m: Machine): string =>
  `${m.cpus} CPUs (nproc; ${m.cpuModel}), ${m.memory} memory, Node ${m.node}, ${m.platform}, load average at start ${m.loadAverage}, ${m.date}`;

let collect: (() => void) | undefined;

/** Full garbage collection before a memory baseline (exposes `gc` at run time if Node was not started with it). */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used, or null when /proc cannot tell. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes, or null. */
export function rssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export interface ChildProcessInfo {
  pid: number;
  name: string;
}

const KNOWN_CHILDREN: [RegExp, string][] = [
  [/DynamoDBLocal/, 'DynamoDB Local'],
  [/s3rver/, 's3rver'],
  [/cognito-local/, 'cognito-local'],
  [/aws-ses-v2-local/, 'aws-ses-v2-local'],
];

/** The direct children of this process that are emulators of the local home. */
export function emulatorChildren(): ChildProcessInfo[] {
  const taskDir = `/proc/${process.pid}/task`;
  if (!existsSync(taskDir)) return [];
  const pids = new Set<number>();
  for (const task of readdirSync(taskDir)) {
    try {
      for (const pid of readFileSync(`${taskDir}/${task}/children`, 'utf8').trim().split(/\s+/))
        if (pid) pids.add(Number(pid));
    } catch {
      // a thread that ended meanwhile
    }
  }
  const children: ChildProcessInfo[] = [];
  for (const pid of pids) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    const known = KNOWN_CHILDREN.find(([pattern]) => pattern.test(cmdline));
    if (known) children.push({ pid, name: known[1] });
  }
  return children;
}

/** CPU seconds used between `start()` and `stop()` by this process and by each emulator. */
export function cpuMeter() {
  const children = emulatorChildren();
  const own = process.cpuUsage();
  const before = new Map(children.map((c) => [c.pid, cpuSeconds(c.pid) ?? 0]));
  const startedAt = performance.now();
  return {
    stop(): { wallSeconds: number; node: number; children: Record<string, number> } {
      const used = process.cpuUsage(own);
      return {
        wallSeconds: (performance.now() - startedAt) / 1000,
        node: (used.user + used.system) / 1e6,
        children: Object.fromEntries(
          children.map((c) => [c.name, (cpuSeconds(c.pid) ?? 0) - (before.get(c.pid) ?? 0)]),
        ),
      };
    },
  };
}
