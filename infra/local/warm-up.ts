/**
 * Loads a page of the Vite dev server the way a browser does, module by module (every static and
 * dynamic import, the lazily loaded pages included), so that Vite has pre-bundled the dependencies
 * and transformed every file before anyone opens the app: the first page then opens at once
 * instead of waiting for Vite to prepare hundreds of files.
 */
const IMPORTS = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?\(?\s*["']([^"'\n]+)["']/g;
const SCRIPTS = /<script[^>]*\bsrc="([^"]+)"/g;

/** Every module the page loads, fetched once; resolves with how many files were prepared. A file that fails is left for the browser. */
export async function warmUpWebApp(appUrl: string, page = '/home', concurrency = 6): Promise<number> {
  const origin = new URL(appUrl).origin;
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (specifier: string, base: string) => {
    if (!/^[/.]/.test(specifier)) return;
    const url = new URL(specifier, base);
    if (url.origin !== origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push(url.href);
  };
  // A file that fails, or a connection the dev server resets while it pre-bundles, is the browser's
  // to load: the warm-up is an optimisation and never stops the home.
  const get = async (url: string) => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(180_000) });
      return response.ok ? await response.text() : '';
    } catch {
      return '';
    }
  };
  const html = await get(`${origin}${page}`);
  for (const [, src] of html.matchAll(SCRIPTS)) if (src) add(src, `${origin}${page}`);
  for (const [, specifier] of html.matchAll(IMPORTS)) if (specifier) add(specifier, `${origin}${page}`);
  let done = 0;
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const code = await get(url);
      done++;
      // Pre-bundled dependencies are files on disk already; their text is not ours to read for imports.
      if (url.includes('/node_modules/')) continue;
      for (const [, specifier] of code.matchAll(IMPORTS)) if (specifier) add(specifier, url);
    }
  };
  // Workers end when the queue is empty for a moment; start more while files are still found.
  while (queue.length > 0) await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}
