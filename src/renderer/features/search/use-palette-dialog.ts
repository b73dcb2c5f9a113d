import { useEffect, useRef } from 'react';

/** Opens the palette as a modal with its input's text selected; closing gives focus back to what had it. */
export function usePaletteDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    inputRef.current?.select();
    return () => opener?.focus?.();
  }, []);
  return { ref, inputRef };
}
