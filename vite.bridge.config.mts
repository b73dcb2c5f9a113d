import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** Builds the test host's browser bridge as one classic script, loaded before the renderer. */
export default defineConfig({
  build: {
    outDir: 'out/test-host',
    emptyOutDir: true,
    minify: false,
    lib: { entry: resolve(__dirname, 'src/test-host/bridge-client.ts'), formats: ['iife'], name: 'FieldworkBridge', fileName: () => 'bridge.js' },
  },
});
