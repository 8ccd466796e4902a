/**
 * The web app's JavaScript on a first visit, from a production build made for the bench (Vite with
 * its manifest, into a private folder). A page's JavaScript is the entry chunk with everything it
 * imports statically (what index.html loads and modulepreloads), plus the lazily loaded route chunk
 * of that page with its own static imports. Sizes are raw and gzip (zlib level 9, what a compressing
 * server or a .gz beside the file would send); `served` is what our server actually sent for them.
 * The build writes hidden source maps (the files keep no comment pointing at them, so their sizes are
 * the served ones'): they say which npm packages a page's files hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILD_DIR, WEB_ROOT } from './paths';

export const WEB_BUILD = join(BUILD_DIR, 'web');

export function buildWeb(): void {
  const result = spawnSync(
    join(WEB_ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', WEB_BUILD, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'error'],
    { cwd: WEB_ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`vite build failed: ${result.stderr || result.stdout}`);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageJs {
  page: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** The route chunk is loaded lazily and is not part of the entry's static graph. */
  routeSplit: boolean;
  /** Each npm package with code in the page's files, and those files, from their source maps. */
  packages: Map<string, string[]>;
  /** The page's files without a source map (the bundler's own runtime has none), or all when the build wrote none. */
  unmapped: string[];
}

function readManifest(): Manifest {
  const path = join(WEB_BUILD, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`no Vite manifest at ${path}`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The npm package a source map's source belongs to ('zod', '@mantine/dates'); null for our own modules. */
export function packageOfSource(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  if (!first) return null;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

function packagesOf(files: string[]): Pick<PageJs, 'packages' | 'unmapped'> {
  const packages = new Map<string, string[]>();
  const unmapped: string[] = [];
  for (const file of files) {
    const mapPath = join(WEB_BUILD, `${file}.map`);
    if (!existsSync(mapPath)) {
      unmapped.push(file);
      continue;
    }
    const { sources } = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
    for (const name of new Set(sources.map(packageOfSource))) {
      if (name) packages.set(name, [...(packages.get(name) ?? []), file]);
    }
  }
  return { packages, unmapped };
}

export function pageJavaScript(page: string, routeSource: string): PageJs {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const entryGraph = staticClosure(manifest, entryKey);
  const routeGraph = staticClosure(manifest, routeSource);
  const keys = new Set([...entryGraph, ...routeGraph]);
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(WEB_BUILD, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return {
    page,
    files,
    rawBytes,
    gzipBytes,
    routeSplit: !entryGraph.has(routeSource) && manifest[routeSource]?.isDynamicEntry === true,
    ...packagesOf(files),
  };
}
