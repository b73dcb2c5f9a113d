import type { Locator, Page } from 'playwright-core';

/** The element another one points at through an ARIA relation (aria-controls, aria-describedby), by its id. */
export async function related(page: Page, from: Locator, relation: 'aria-controls' | 'aria-describedby'): Promise<Locator> {
  const id = await from.getAttribute(relation);
  if (!id) throw new Error(`no ${relation} on the element`);
  return page.locator(`[id="${id}"]`);
}
