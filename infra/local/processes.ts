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

  /** Kills processes recorded by a previous run that did not stop cleanly. */
  reapLeftovers(): void {
    if (!this.pidFile) return;
    let pids: number[] = [];
    try {
      pids = JSON.parse(readFileSync(this.pidFile, 'utf8')) as number[];
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(this.pidFile, { force: true });
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
    const pids = this.children.map((c) => c.process.pid).filter((pid): pid is number => pid !== undefined);
    writeFileSync(this.pidFile, JSON.stringify(pids));
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
