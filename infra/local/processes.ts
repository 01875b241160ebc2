import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname } from 'node:path';

/** Thrown when a port the local home needs is taken; the message names the port and its user. */
export class PortBusyError extends Error {
  override readonly name = 'PortBusyError';
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(
      `Port ${port} (${purpose}) is already in use. Stop whatever is listening there or set the matching LOCAL_*_PORT variable.`,
    );
  }
}

/** Resolves when `port` on 127.0.0.1 is free; rejects with PortBusyError otherwise. */
export async function assertPortFree(port: number, purpose: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new PortBusyError(port, purpose)));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Resolves when `port` is free, asking again until `timeoutMs` has passed (a killed process's
 * listening socket is closed by the system shortly after the process is gone); then PortBusyError.
 */
export async function waitForPortFree(port: number, purpose: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertPortFree(port, purpose);
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A free TCP port chosen by the OS (used by test mode, where nothing is fixed). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a TCP port until it accepts connections. */
export async function waitForPort(port: number, purpose: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${purpose} did not start listening on port ${port} within ${timeoutMs / 1000}s`);
}

/** Thrown when a local home from the same state folder is still running: a second one would stop it. */
export class HomeRunningError extends Error {
  override readonly name = 'HomeRunningError';
  constructor(
    readonly pid: number,
    readonly stateDir: string,
  ) {
    super(
      `A local home is already running with its data in ${stateDir} (process ${pid}). Stop it first (Ctrl-C where it runs), or start this one with LOCAL_IN_MEMORY=1 and its own LOCAL_*_PORT values.`,
    );
  }
}

/** What a running home records about itself: its own process and its children, with their commands. */
interface PidFile {
  owner: number;
  ownerStarted: string | null;
  children: { pid: number; started: string | null }[];
}

function readPidFile(file: string): PidFile | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    // A file written before the owner was recorded: a list of child pids.
    if (Array.isArray(parsed))
      return {
        owner: 0,
        ownerStarted: null,
        children: parsed.map((pid) => ({ pid: Number(pid), started: null })),
      };
    return parsed as PidFile;
  } catch {
    return null;
  }
}

/** The fields of Linux's /proc/<pid>/stat after the command name (state first), or null where absent. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * What tells this process from a later one given the same pid: its start time (set when it was
 * created, kept through exec), or null where the system does not show it.
 */
function startOf(pid: number): string | null {
  return statOf(pid)?.[19] ?? null;
}

/** Whether `pid` runs and (when its start time was recorded and the system shows it) is still that process. */
function isAlive(pid: number, started: string | null): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = statOf(pid);
  // A zombie has exited (its files and ports closed) and waits for its parent to reap it.
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  return started === null || stat === null || stat[19] === started;
}

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  output: () => string;
}

/**
 * Starts and stops the emulators that run as child processes. Every child is killed when the
 * supervisor stops; if one dies on its own the `onUnexpectedExit` callback fires so the whole home
 * can stop. Pids are written to a file so a start after a hard crash can clean up what was left.
 */
export class Supervisor {
  private readonly children: ManagedChild[] = [];
  private stopping = false;

  constructor(
    private readonly pidFile: string | null,
    private readonly onUnexpectedExit: (child: ManagedChild, code: number | null) => void,
  ) {}

  /**
   * Before a start: stops what a previous run from the same state folder left behind when it was
   * killed (its emulators still hold their ports), and waits until they are gone; returns how many
   * there were (the port check that follows then gives their ports a moment to be closed). A run whose own process is still alive is not a leftover: it is
   * refused with {@link HomeRunningError} rather than stopped. A recorded pid is only killed while it
   * is still the process recorded (the same start time: a pid the system has since given to another
   * program is left alone).
   */
  async reapLeftovers(timeoutMs = 30_000): Promise<number> {
    if (!this.pidFile) return 0;
    const recorded = readPidFile(this.pidFile);
    if (!recorded) return 0;
    if (recorded.owner !== process.pid && isAlive(recorded.owner, recorded.ownerStarted))
      throw new HomeRunningError(recorded.owner, dirname(this.pidFile));
    const leftovers = recorded.children.filter((child) => isAlive(child.pid, child.started));
    for (const child of leftovers) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + timeoutMs;
    while (leftovers.some((child) => isAlive(child.pid, child.started)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    rmSync(this.pidFile, { force: true });
    return leftovers.length;
  }

  start(
    name: string,
    command: string,
    args: string[],
    options: { cwd?: string; env?: NodeJS.ProcessEnv; onOutput?: (text: string) => void } = {},
  ) {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    const keep = (chunk: string) => {
      buffer = (buffer + chunk).slice(-20_000);
      options.onOutput?.(chunk);
    };
    // Decoded as UTF-8 streams: a character split across two chunks (a box-drawing '╯' is 3 bytes)
    // arrives whole, never as two replacement characters.
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const managed: ManagedChild = { name, process: child, output: () => buffer };
    child.once('exit', (code) => {
      if (!this.stopping) this.onUnexpectedExit(managed, code);
    });
    this.children.push(managed);
    this.writePids();
    return managed;
  }

  private writePids(): void {
    if (!this.pidFile) return;
    mkdirSync(dirname(this.pidFile), { recursive: true });
    const record: PidFile = {
      owner: process.pid,
      ownerStarted: startOf(process.pid),
      children: this.children
        .map((c) => c.process.pid)
        .filter((pid): pid is number => pid !== undefined)
        .map((pid) => ({ pid, started: startOf(pid) })),
    };
    writeFileSync(this.pidFile, JSON.stringify(record));
  }

  /** Stops every child: SIGTERM, then SIGKILL for any still alive after a grace period. */
  async stopAll(graceMs = 3_000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
            child.process.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.process.kill('SIGTERM');
          }),
      ),
    );
    if (this.pidFile) rmSync(this.pidFile, { force: true });
  }

  /** Synchronous last resort for process exit paths where nothing async can run. */
  killAllNow(): void {
    this.stopping = true;
    for (const child of this.children) {
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
    }
  }
}
