// The frame-exact cutter (src/renderer/features/clips/exact-cut.ts, exact-export.ts) bundled for a page, as window.exactCut: the
// clips dialog has no option for it yet, so the e2e test and the bench load it beside the page themselves.
import { build } from 'esbuild';
import type * as ExactCut from '../../src/renderer/features/clips/exact-cut';
import type { exportExactClip } from '../../src/renderer/features/clips/exact-export';

/** The cutter's exports, and the whole source-cut-write of one highlight (it calls window.fieldwork). */
export type ExactCutWindow = { exactCut: typeof ExactCut & { exportExactClip: typeof exportExactClip } };

/** An IIFE that sets window.exactCut; serve it same-origin (the app's CSP allows only its own scripts). */
export async function exactCutBundle(root: string): Promise<string> {
  const bundle = await build({
    stdin: {
      contents: [
        "import * as cut from './src/renderer/features/clips/exact-cut';",
        "import { exportExactClip } from './src/renderer/features/clips/exact-export';",
        '(window as any).exactCut = { ...cut, exportExactClip };',
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return bundle.outputFiles[0]!.text;
}
