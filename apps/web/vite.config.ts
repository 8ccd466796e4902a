import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/trpc': api, '/rest': api, '/api': api, '/healthz': api },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 900 },
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
