import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { App } from '../app/app';
import { AppRoutes } from '../app/app-router';
import { createQueryClient } from '../app/providers';
import { PRERENDERED_ATTRIBUTE } from './prerendered-root';

/** The empty root element of the built `index.html`, which a prerendered page fills. */
export const EMPTY_ROOT = '<div id="root"></div>';

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The markup of the app at `path` as a first-time visitor's browser renders it before anything has
 * loaded: signed out (the auth state is still loading), no query data, no runtime configuration, no
 * stored cart. Runs at build time, in Node (the build's plugin, web/vite.config.ts), and waits for
 * every suspended part, so it never holds a loading fallback of a lazy page.
 */
export async function renderPageMarkup(path: string): Promise<string> {
  const { prelude } = await prerender(
    <App queryClient={createQueryClient()}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
  return new Response(prelude).text();
}

/** The stylesheets the built `index.html` links (their paths, `/assets/index-1a2b.css`). */
export function linkedStylesheets(template: string): string[] {
  return [...template.matchAll(STYLESHEET_LINK)].map((match) => match[1] as string);
}

/**
 * `html` with its linked stylesheets (`css`: each path's content) in one `<style>` before its first
 * script: the page paints from its own bytes, without waiting for a stylesheet that shares the
 * connection with a dozen scripts, and the browser finds the scripts right after the style. The CSP
 * allows inline styles (not scripts).
 */
export function inlineStylesheets(html: string, css: Readonly<Record<string, string>>): string {
  const styles = linkedStylesheets(html).map((href) => {
    const text = css[href];
    if (text === undefined) throw new Error(`No content for the stylesheet ${href}`);
    if (/<\/style/i.test(text)) throw new Error(`${href} cannot be inlined: it contains </style`);
    return text.trim();
  });
  if (styles.length === 0) return html;
  const withoutLinks = html.replace(STYLESHEET_LINK, '');
  const at = withoutLinks.search(/[ \t]*<script\b/);
  if (at === -1) throw new Error('The page has no script to put its style before');
  return `${withoutLinks.slice(0, at)}    <style>${styles.join('\n')}</style>\n${withoutLinks.slice(at)}`;
}

/**
 * The built `index.html` (`template`) with the page at `path` rendered into its root element, which
 * names the path (web/main.tsx hydrates the markup only at that path), and its stylesheets inlined.
 * Its scripts are the template's, unchanged: the page adds no script of its own (the CSP allows
 * none inline).
 */
export async function prerenderPage(
  template: string,
  path: string,
  css: Readonly<Record<string, string>>,
): Promise<string> {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`The built index.html has no ${EMPTY_ROOT}`);
  const markup = await renderPageMarkup(path);
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeAttribute(path)}">${markup}</div>`;
  return inlineStylesheets(
    template.replace(EMPTY_ROOT, () => root),
    css,
  );
}

/**
 * Every page of shared/prerendered-pages.ts, each as the file to write beside `index.html`.
 * `css` holds the content of each stylesheet the template links.
 */
export async function prerenderPages(
  template: string,
  css: Readonly<Record<string, string>>,
): Promise<{ file: string; html: string }[]> {
  const pages: { file: string; html: string }[] = [];
  for (const page of PRERENDERED_PAGES)
    pages.push({ file: page.file, html: await prerenderPage(template, page.path, css) });
  return pages;
}
