/**
 * How long a test waits for a condition before it calls the wait a hang: two minutes. Waits end as
 * soon as their condition holds, so this costs nothing on a quiet machine; it is long because the
 * machines the suite runs on are shared (a laptop doing other things, CI beside other runs) and a
 * step that takes a second alone can take twenty there. Speed is measured in `bench/`, never here.
 */
export const PATIENCE_MS = 120_000;
