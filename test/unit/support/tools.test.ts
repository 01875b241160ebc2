import { describe, expect, it } from 'vitest';
import { ensureTools, missingToolMessage, TOOLS } from '../../support/tools';

describe('the tools the test layers need', () => {
  it('says in one line exactly what to install', () => {
    expect(TOOLS.map(missingToolMessage)).toEqual([
      "Missing Chromium (the e2e layer): install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
      "Missing a Java runtime, 17 or later (DynamoDB Local): install Debian's openjdk-17-jre-headless package (apt-get install openjdk-17-jre-headless) or put another Java 17+ runtime on the PATH.",
    ]);
  });

  it('does nothing and says nothing when the machine has them (as this one does)', () => {
    const lines: string[] = [];

    expect(ensureTools((line) => lines.push(line))).toBe(true);
    expect(lines).toEqual([]);
  });
});
