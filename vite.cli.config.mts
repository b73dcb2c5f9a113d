import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The `fieldwork` CLI, bundled like the app: out/cli/index.cjs and its cache worker beside it
 * (cache-worker.cjs). Dependencies stay external (node_modules, as for out/main), so the native ones load
 * their own builds. bin/fieldwork.cjs runs this bundle when it is there and the sources under tsx otherwise.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: { index: resolve(__dirname, 'src/main/cli/index.ts'), 'cache-worker': resolve(__dirname, 'src/main/cache/worker-entry.ts') },
      output: {
        format: 'cjs',
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name]-[hash].cjs',
        // The entry needs AppError; shared with the commands, it would land in whichever chunk the bundler picks,
        // once one beside the contract and zod, which `--help` then loaded (0.26 s against 0.13 s for node -e 0).
        manualChunks: (id) => (id.endsWith('/src/main/errors.ts') ? 'errors' : undefined),
      },
    },
  },
});
