import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** What the test layers need from the machine, where to find it, and Debian's package for it. */
interface Tool {
  what: string;
  present: () => boolean;
  debianPackage: string;
  instead: string;
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

export const TOOLS: Tool[] = [
  {
    what: 'Chromium (the e2e layer)',
    present: () => existsSync(chromiumPath()),
    debianPackage: 'chromium',
    instead: 'or set CHROMIUM_PATH to a Chromium binary',
  },
  {
    what: 'a Java runtime, 17 or later (DynamoDB Local)',
    present: () => runs('java', ['-version']),
    debianPackage: 'openjdk-17-jre-headless',
    instead: 'or put another Java 17+ runtime on the PATH',
  },
];

const canInstallWithApt = () =>
  process.platform === 'linux' &&
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  runs('apt-get', ['--version']);

/** The one line that says what to install. */
export const missingToolMessage = (tool: Tool) =>
  `Missing ${tool.what}: install Debian's ${tool.debianPackage} package (apt-get install ${tool.debianPackage}) ${tool.instead}.`;

/**
 * Installs what the test layers need when it is missing: Debian's packages when the machine has apt
 * and this runs as root (one line saying so; apt's output only if it fails); otherwise a one-line
 * message saying what to install. Returns false when something is still missing.
 */
export function ensureTools(log: (line: string) => void = console.log): boolean {
  const missing = TOOLS.filter((tool) => !tool.present());
  if (missing.length === 0) return true;
  if (canInstallWithApt()) {
    const packages = missing.map((tool) => tool.debianPackage);
    log(`Installing from Debian for the tests: ${packages.join(', ')}`);
    try {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'pipe' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
        env,
        stdio: 'pipe',
      });
    } catch (error) {
      const output = error as { stdout?: Buffer; stderr?: Buffer };
      log(`${output.stdout?.toString() ?? ''}${output.stderr?.toString() ?? ''}`);
    }
  }
  const still = TOOLS.filter((tool) => !tool.present());
  for (const tool of still) log(missingToolMessage(tool));
  return still.length === 0;
}

/** Debian's Chromium, with the flags this offline machine needs (e2e tests, benchmarks, screenshots). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost, EXCLUDE *.localhost',
    ],
  });
}
