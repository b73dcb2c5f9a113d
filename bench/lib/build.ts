import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Contenders run as bundled JavaScript, the way a built app runs, not under tsx: tsx adds about 45 MB
 * to every thread (the cache worker loads it again), which would be charged to the sync's peak RSS.
 */
export type Bundles = { dir: string; childEntry: string; worker: string; module: (repoPath: string) => string };

const ROW_MODULES = ['bench/rows/full-sync.ts', 'bench/rows/search.ts', 'bench/rows/export.ts'];

export async function buildBundles(root: string, outDir: string): Promise<Bundles> {
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node20',
    external: ['better-sqlite3', 'keytar', 'electron'],
    logLevel: 'warning' as const,
    absWorkingDir: root,
  };
  const name = (p: string) => p.replace(/^bench\/rows\//, '').replace(/\.ts$/, '.cjs');
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'bench/lib/child-entry.ts')], outfile: join(outDir, 'child-entry.cjs') }),
    build({ ...common, entryPoints: [join(root, 'src/main/cache/worker-entry.ts')], outfile: join(outDir, 'cache-worker.cjs') }),
    ...ROW_MODULES.map((m) => build({ ...common, entryPoints: [join(root, m)], outfile: join(outDir, 'rows', name(m)) })),
  ]);
  return {
    dir: outDir,
    childEntry: join(outDir, 'child-entry.cjs'),
    worker: join(outDir, 'cache-worker.cjs'),
    module: (repoPath) => {
      if (!ROW_MODULES.includes(repoPath)) throw new Error(`${repoPath} is not bundled for the bench`);
      return join(outDir, 'rows', name(repoPath));
    },
  };
}
