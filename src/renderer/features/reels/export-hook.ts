import { create } from 'zustand';

/**
 * How "Export reel…" reaches the clip export dialog, which another part of the app owns: it registers
 * itself here (setReelExporter), and the Reels view calls exportReel with the reel's highlights in order.
 * Until one is registered the button is disabled and says why.
 */
export type ReelExporter = (reel: { ids: string[]; title: string }) => void;

const useExporter = create<{ exporter: ReelExporter | null }>(() => ({ exporter: null }));

export function setReelExporter(fn: ReelExporter | null): void {
  useExporter.setState({ exporter: fn });
}

/** Whether an exporter is registered, kept current for the button. */
export const useReelExportable = (): boolean => useExporter((s) => s.exporter !== null);

/** Hands the reel to the registered exporter; false when none is. */
export function exportReel(ids: string[], title: string): boolean {
  const fn = useExporter.getState().exporter;
  if (!fn) return false;
  fn({ ids, title });
  return true;
}
