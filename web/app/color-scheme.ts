/**
 * Light or dark follows the system: `data-bs-theme` on <html> mirrors `prefers-color-scheme`, now and
 * whenever the system changes. Bootstrap and our tokens (web/styles/app.scss) read that attribute.
 * Returns a function that stops following.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => root.setAttribute('data-bs-theme', query?.matches ? 'dark' : 'light');
  apply();
  query?.addEventListener('change', apply);
  return () => query?.removeEventListener('change', apply);
}
