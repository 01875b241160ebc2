import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/**
 * The web app. Endpoints and ids are not build-time constants: the app reads `/runtime-config.json`
 * at start (written by the CDK stack on AWS, served by the local home locally).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), preloadLandingPage()],
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass predates the module system: its deprecation notices are not ours to fix.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { allowedHosts: ['.localhost', 'localhost'] },
});

/**
 * A Vite build plugin: `index.html` modulepreloads the chunks of the directory home (the page most
 * visits start from, and the next step from the splash page), so they download beside the entry
 * script instead of after it has run. Every other page keeps loading its chunk when it is opened.
 */
function preloadLandingPage(pageModule = '/pages/directory-home/directory-home-page.tsx'): Plugin {
  return {
    name: 'preload-landing-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const page = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(pageModule),
        );
        if (!page) throw new Error(`preload-landing-page: no chunk for ${pageModule}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (files.has(fileName) || output?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of output.imports) visit(imported);
        };
        visit(page.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}
