// Bundles the server into dist/main.js: workspace packages (TypeScript sources) are inlined,
// npm dependencies stay external; the committed migrations are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  // The backup's and the drawing (receipts and notices) worker threads are entries of their own
  // (dist/backup/snapshot.worker.js, dist/documents/receipt.worker.js), loaded by path.
  entryPoints: [
    'src/main.ts',
    'src/scripts/restore.ts',
    'src/scripts/reset-password.ts',
    'src/scripts/verify-keys.ts',
    'src/backup/snapshot.worker.ts',
    'src/documents/receipt.worker.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@fees/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('../../packages/db/drizzle', 'dist/drizzle', { recursive: true });
cpSync('../../packages/db/drizzle-pg', 'dist/drizzle-pg', { recursive: true });
