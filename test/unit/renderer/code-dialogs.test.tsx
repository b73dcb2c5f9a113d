// The codes' dialogs share one shell: Cancel and one action button. What each one's footer and form say.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CodeView } from '../../../src/shared/ipc/channels/codes';
import { DeleteDialog, MergeDialog, NewCodeDialog } from '../../../src/renderer/features/codes/CodeDialogs';

const code = (id: string, name: string, over: Partial<CodeView> = {}): CodeView => ({
  id,
  project_id: 'p1',
  name,
  color: '#336699',
  description: '',
  parent_id: null,
  is_category: false,
  codings: 3,
  interviews: 2,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...over,
});
const PRICE = code('c1', 'Price');

/** The footer's buttons: [type, class, disabled, form, label]. */
const footer = (html: string) => {
  const foot = /<footer class="dialog-foot">(.*)<\/footer>/.exec(html)?.[1] ?? '';
  return [...foot.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(([, a, label]) => [
    / type="([^"]*)"/.exec(a!)?.[1],
    / class="([^"]*)"/.exec(a!)?.[1],
    / disabled=""/.test(a!),
    / form="([^"]*)"/.exec(a!)?.[1],
    label,
  ]);
};
const noop = () => {};

describe('the codes dialogs', () => {
  it('new code: Cancel, and a submit button tied to the form, whose Definition field has its hint', () => {
    const html = renderToStaticMarkup(<NewCodeDialog kind="code" categories={[code('k1', 'Money', { is_category: true })]} onClose={noop} />);
    const [cancel, create] = footer(html);
    expect(cancel).toEqual(['button', 'btn', false, undefined, 'Cancel']);
    expect(create?.slice(0, 3)).toEqual(['submit', 'btn btn-primary', false]);
    expect(create?.[4]).toBe('Create code');
    expect(html).toContain(`<form id="${create?.[3]}"`);
    expect(html).toMatch(/<label for="([^"]+)-desc">Definition<\/label><textarea id="\1-desc" class="input cd-definition" rows="3" maxLength="5000">/);
    expect(html).toContain('When to apply it');
    expect(html).toContain('<option value="k1">Money</option>');
  });

  // A server render reads the store's initial state (no codes): nothing to merge into.
  it('merge: Merge disabled, and why, when there is no other code', () => {
    const html = renderToStaticMarkup(<MergeDialog code={PRICE} onClose={noop} />);
    expect(footer(html)).toEqual([
      ['button', 'btn', false, undefined, 'Cancel'],
      ['button', 'btn btn-primary', true, undefined, 'Merge'],
    ]);
    expect(html).toContain('There is no other code to merge into.');
  });

  it('delete: a danger button that names what goes', () => {
    const html = renderToStaticMarkup(<DeleteDialog code={PRICE} onClose={noop} />);
    expect(footer(html)[1]).toEqual(['button', 'btn btn-danger', false, undefined, 'Delete code and 3 codings']);
  });
});
