import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dev server proxies the API paths to a reference server (npm run dev starts one on 8788).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8788';

export default defineConfig({
  // Relative asset paths: dist/ works at the root or any sub-path of a plain file host.
  base: './',
  plugins: [react(), tailwindcss()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api/public/v1': apiTarget,
      '/v1': apiTarget,
      '/config.json': apiTarget,
    },
  },
  build: { target: 'es2022', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
