import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app. Endpoints and ids are not build-time constants: the app reads `/runtime-config.json`
 * at start (written by the CDK stack on AWS, served by the local home locally).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
