import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../../shared/prerendered-pages';
import { routes } from '../../../web/app/router';
import { DirectoryHomePage } from '../../../web/pages/directory-home/directory-home-page';
import {
  inlineStylesheets,
  linkedStylesheets,
  prerenderPage,
  prerenderPages,
  renderPageMarkup,
} from '../../../web/prerender/prerender-page';

/**
 * The prerender as the build runs it: in Node, with no window, no runtime configuration and no
 * stored session (the build's plugin in web/vite.config.ts calls these functions).
 */

/** What Vite writes as `web/dist/index.html`, cut down to the parts the prerender reads. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>VC Directory</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/paths-3c4d.js">
    <link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const CSS = { '/assets/index-5e6f.css': '.stat-card{color:red}\n' };

describe('the prerendered directory home', () => {
  it("holds the page's heading, its text and its questions, with the loading state in place of the data", async () => {
    const markup = await renderPageMarkup('/home');

    expect(markup).toContain('<h1 class="h2 mb-1">VC Database</h1>');
    expect(markup).toContain('Find investors by type, stage focus or sector focus');
    expect(markup).toContain('Where does the data come from?');
    expect(markup).toContain('How do I report incorrect data?');
    expect(markup).toContain('placeholder-glow');
    // No figure of the directory: every investor type's count is still '…'.
    expect(markup.match(/rounded-pill">…</g)).toHaveLength(8);
    expect(markup).not.toMatch(/rounded-pill">\d/);
    // No Suspense fallback: the page itself, not "Loading...".
    expect(markup).not.toContain('Loading...');
  });

  it('is what a signed-out visitor sees: Login and Register, no account, no address of the deployment', async () => {
    const markup = await renderPageMarkup('/home');

    expect(markup).toContain('href="/login"');
    expect(markup).toContain('href="/register"');
    for (const signedIn of ['Logout', 'Account', 'Admin', 'Verify email'])
      expect(markup).not.toContain(signedIn);
    expect(markup).not.toContain('mailto:');
    expect(markup).not.toContain('@');
  });

  it('marks the VC Database link current on /find-vc, the same page under the navbar name', async () => {
    const markup = await renderPageMarkup('/find-vc');

    expect(markup).toContain('<a aria-current="page" class="nav-link active" href="/find-vc"');
    expect(markup).toContain('<h1 class="h2 mb-1">VC Database</h1>');
  });

  it('fills the root of index.html, naming its path, inlines the stylesheet before the scripts and adds no script', async () => {
    const html = await prerenderPage(TEMPLATE, '/home', CSS);

    expect(html).toMatch(
      /<div id="root" data-prerendered="\/home"><div class="d-flex flex-column min-vh-100">/,
    );
    expect(html).toContain('<style>.stat-card{color:red}</style>');
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('<script'));
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/index-1a2b.js">',
    ]);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/paths-3c4d.js">');
  });

  it('writes one file per prerendered page, each a route of the directory home', async () => {
    const pages = await prerenderPages(TEMPLATE, CSS);

    expect(pages.map((page) => page.file)).toEqual(PRERENDERED_PAGES.map((page) => page.file));
    for (const { path } of PRERENDERED_PAGES) {
      const element = matchRoutes(routes, path)?.at(-1)?.route.element as { type?: unknown } | undefined;
      expect(element?.type, path).toBe(DirectoryHomePage);
    }
  });
});

describe('inlining the stylesheet', () => {
  it('reads the stylesheet links of index.html', () => {
    expect(linkedStylesheets(TEMPLATE)).toEqual(['/assets/index-5e6f.css']);
  });

  it('refuses a stylesheet that would end the style element, and one it was not given', () => {
    expect(() => inlineStylesheets(TEMPLATE, { '/assets/index-5e6f.css': 'a{}</style><p>' })).toThrow(
      /cannot be inlined/,
    );
    expect(() => inlineStylesheets(TEMPLATE, {})).toThrow(/No content/);
  });
});
