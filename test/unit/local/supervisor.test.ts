import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertPortFree,
  freePort,
  HomeRunningError,
  Supervisor,
  waitForPort,
  waitForPortFree,
} from '../../../infra/local/processes';

/**
 * `npm run dev` after a killed run (issue 50): the emulators a killed run left still hold their ports;
 * the next start stops them first and then finds the ports free. A home that still runs is refused,
 * not stopped, and a pid the system gave to another program is left alone.
 */
const started: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function pidFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'supervisor-test-'));
  dirs.push(dir);
  return join(dir, 'pids.json');
}

const listener = (port: number) => [
  '-e',
  `require('node:net').createServer().listen(${port}, '0.0.0.0'); setInterval(() => {}, 1000);`,
];

/** A process that ran and exited: the owner of a run that was killed. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Records `owner` as the run that wrote `file` (what a killed `npm run dev` leaves behind). */
function recordOwner(file: string, owner: number) {
  const record = JSON.parse(readFileSync(file, 'utf8')) as { owner: number; ownerStarted: string | null };
  writeFileSync(file, JSON.stringify({ ...record, owner, ownerStarted: null }));
}

describe("the local home's leftovers", () => {
  it("stops a killed run's emulator and waits until its port is free", async () => {
    const file = pidFile();
    const port = await freePort();
    const crashed = new Supervisor(file, () => undefined);
    const leftover = crashed.start('emulator', process.execPath, listener(port));
    started.push(leftover.process);
    await waitForPort(port, 'the leftover emulator');
    recordOwner(file, await deadPid());
    await expect(assertPortFree(port, 'the emulator')).rejects.toThrow(
      `Port ${port} (the emulator) is already in use`,
    );

    expect(await new Supervisor(file, () => undefined).reapLeftovers()).toBe(1);

    // The system closes a killed process's socket just after the process is gone: the home's port
    // check gives it a moment (10 s at most: a hang guard).
    await expect(waitForPortFree(port, 'the emulator', 10_000)).resolves.toBeUndefined();
    expect(() => readFileSync(file)).toThrow();
  });

  it('refuses to start beside a home that still runs, and leaves it running', async () => {
    const file = pidFile();
    const running = new Supervisor(file, () => undefined);
    const emulator = running.start('emulator', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    started.push(emulator.process);
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    started.push(owner);
    recordOwner(file, owner.pid ?? 0);

    const second = new Supervisor(file, () => undefined).reapLeftovers();
    await expect(second).rejects.toBeInstanceOf(HomeRunningError);
    await expect(second).rejects.toThrow(
      `A local home is already running with its data in ${join(file, '..')} (process ${owner.pid}).`,
    );
    expect(alive(emulator.process.pid ?? 0)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(String(emulator.process.pid));
  });

  it('leaves alone a recorded pid that now runs another program', async () => {
    const file = pidFile();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    started.push(other);
    writeFileSync(
      file,
      JSON.stringify({
        owner: await deadPid(),
        ownerStarted: null,
        // The same pid, started at another time: the system gave it to another program since.
        children: [{ pid: other.pid, started: '1' }],
      }),
    );

    await new Supervisor(file, () => undefined).reapLeftovers();

    expect(alive(other.pid ?? 0)).toBe(true);
  });
});
