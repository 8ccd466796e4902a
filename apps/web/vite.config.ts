import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends them compressed
 * without compressing on each request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fees-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      for (const file of new Set(files)) {
        const path = join(outDir, file);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    // The Host header stays the dev server's, so the API sees the page's own origin (cross-site writes are refused).
    proxy: Object.fromEntries(
      ['/trpc', '/rest', '/api', '/healthz'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 900 },
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
