import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `npm run build:console`: the map console as static files in build/console/ (the
// project's gitignored build outputs), served by functions/console/page.ts under
// /console (hence the base).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../build/console', import.meta.url)),
    emptyOutDir: true,
    // The world outline is a separate file the browser caches, not part of the script.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1024,
    // The console and the driver's page (served at /driver, functions/console/driver.ts).
    rollupOptions: {
      input: {
        console: fileURLToPath(new URL('index.html', import.meta.url)),
        driver: fileURLToPath(new URL('driver.html', import.meta.url)),
      },
    },
  },
});
