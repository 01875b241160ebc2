import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type CSSOptions, defineConfig, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The web app. Endpoints and ids are not build-time constants: the app reads `/runtime-config.json`
 * at start (written by the CDK stack on AWS, served by the local home locally). The public pages of
 * shared/prerendered-pages.ts are also built as HTML (web/prerender).
 */
/** Build-time constants, the same in the browser bundle and the prerender (web/config/build-year.ts). */
const define = { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) };

/** Sass options of every build (the browser's and the prerender's, which also compiles lazy pages' styles). */
const cssOptions = {
  preprocessorOptions: {
    // Bootstrap 5.3's Sass predates the module system: its deprecation notices are not ours to fix.
    scss: {
      quietDeps: true,
      silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    },
  },
} satisfies CSSOptions;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), prerenderPages()],
  define,
  css: cssOptions,
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { allowedHosts: ['.localhost', 'localhost'] },
});

/**
 * After the browser build, writes each prerendered page (web/prerender/prerender-page.tsx) beside the
 * built `index.html`, its stylesheet inlined. The prerender is bundled for Node from the same source as the browser bundle,
 * every dependency included (react-bootstrap's per-component entries are CommonJS for Node), then run
 * once. Defined here, not imported: Vite's coming native config loader takes no extensionless imports.
 */
function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const bundleDir = await mkdtemp(join(tmpdir(), 'prerender-'));
      try {
        await build({
          root: config.root,
          configFile: false,
          logLevel: 'error',
          define,
          css: cssOptions,
          build: {
            ssr: join(config.root, 'prerender/prerender-page.tsx'),
            outDir: bundleDir,
            emptyOutDir: true,
            sourcemap: false,
          },
          ssr: { noExternal: true },
        });
        const bundle = pathToFileURL(join(bundleDir, 'prerender-page.js')).href;
        const { linkedStylesheets, prerenderPages } = (await import(
          bundle
        )) as typeof import('./prerender/prerender-page');
        const css: Record<string, string> = {};
        for (const href of linkedStylesheets(template))
          css[href] = await readFile(join(outDir, href.replace(/^\//, '')), 'utf8');
        for (const page of await prerenderPages(template, css))
          await writeFile(join(outDir, page.file), page.html);
      } finally {
        await rm(bundleDir, { recursive: true, force: true });
      }
    },
  };
}
