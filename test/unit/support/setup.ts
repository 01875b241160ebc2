/**
 * The unit layer's set-up: the web tests' waits (`findBy…`, `waitFor`) wait for their condition as
 * long as a busy machine needs, 15 s instead of Testing Library's 1 s. A wait ends when its condition
 * holds, so this costs nothing when the machine is quiet; it only stops a slow render from failing.
 */
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}

export {};
