import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** `npm run build` runs `vite build --config console/vite.config.mts`: the console into dist/console. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // Every browser the console supports loads modules natively: no inline polyfill (the CSP forbids it).
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
});
