import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `npm run build:console`: the map console as static files in dist/, served
// by functions/console/page.ts under /console (hence the base).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The world outline is a separate file the browser caches, not part of the script.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1024,
  },
});
