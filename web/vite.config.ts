/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

// In dev, `vite` proxies the API and server-rendered HTML shells to a running `vitrine serve`.
const backend = process.env.VITRINE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': backend, '/media': backend, '/healthz': backend } },
  // One stylesheet for the whole app (loaded by every page): chunks loaded on demand bring only
  // script, so a late chunk never reorders the cascade or flashes unstyled content.
  // No modulepreload polyfill: every browser the shop supports preloads modules itself (Chromium
  // 66, Safari 17, Firefox 115), and one without it only loads the chunks without preloading.
  build: { outDir: 'dist', sourcemap: true, manifest: true, cssCodeSplit: false, modulePreload: { polyfill: false } },
  test: {
    environment: 'jsdom',
    // Worker threads, not child processes: the same isolation per file (each file its own
    // module graph and jsdom) for about 15 % less CPU over the suite (310 → 262 s measured).
    pool: 'threads',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
