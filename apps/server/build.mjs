// Bundles the server into dist/main.js: workspace packages (TypeScript sources) are inlined,
// npm dependencies stay external; the committed migrations are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { scriptEntries, serverEntry, workerEntries } from './entries.mjs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: [serverEntry, ...scriptEntries, ...workerEntries],
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
