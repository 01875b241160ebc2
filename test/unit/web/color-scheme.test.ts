// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSystemColorScheme } from '../../../web/app/color-scheme';

/** The browser's `prefers-color-scheme` (jsdom has no matchMedia): one switchable system setting. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    switchTo(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('light and dark', () => {
  it('follow the system at start and whenever it changes, until stopped', () => {
    const system = systemScheme(true);
    const root = document.createElement('html');
    const stop = followSystemColorScheme(root);
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
    system.switchTo(false);
    expect(root.getAttribute('data-bs-theme')).toBe('light');
    stop();
    expect(system.listeners.size).toBe(0);
    system.switchTo(true);
    expect(root.getAttribute('data-bs-theme')).toBe('light');
  });

  it('fall back to light where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    const root = document.createElement('html');
    followSystemColorScheme(root);
    expect(root.getAttribute('data-bs-theme')).toBe('light');
  });
});
