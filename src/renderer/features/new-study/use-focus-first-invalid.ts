import { useEffect, useRef } from 'react';

/** After a refused submit, the first field with a problem gets focus, so keyboard users land on it. */
export function useFocusFirstInvalid(trigger: number) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!trigger) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]:is(input, textarea, select)')?.focus();
  }, [trigger]);
  return ref;
}
