import type { Page } from 'playwright-core';
import { draftNote } from './draft';

/** The Share tab: the participant link and QR code, the embed snippets, and the embed allow-list. */
export const shareTab = (page: Page) => {
  const allowList = page.getByRole('region', { name: 'Websites allowed to embed' });
  const websites = allowList.getByRole('textbox');
  const snippets = page.getByRole('figure');
  return {
    beforeLaunch: page.getByTestId('share-before-launch'),
    beforeLaunchHeading: page.getByRole('heading', { name: 'Sharing starts after launch' }),
    launch: page.getByTestId('share-before-launch').getByRole('button', { name: 'Launch…' }),
    callUrl: page.getByTestId('call-url'),
    qr: page.getByRole('img', { name: 'QR code for the participant link' }),
    embedUrl: page.getByTestId('embed-url'),
    cameraNote: page.getByRole('note').filter({ hasText: 'camera and microphone' }),
    /** The six embed snippets' code, each exactly as the service sent it. */
    snippetCode: snippets.getByLabel(/ code$/),
    /** "Copy Iframe snippet", "Copy participant link", … */
    copy: (what: string) => page.getByRole('button', { name: `Copy ${what}` }),
    allowList,
    allowListHeading: page.getByRole('heading', { name: 'Websites allowed to embed' }),
    websites,
    websiteValues: () => websites.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    website: (n: number) => allowList.getByLabel(`Allowed website ${n}`),
    /** What the tab says under an entry: its normalised form, or what is wrong with it. */
    websiteMessage: (n: number) => page.getByTestId(`allow-msg-${n}`),
    addWebsite: allowList.getByRole('button', { name: 'Add website' }),
    removeWebsite: (n: number) => allowList.getByRole('button', { name: `Remove website ${n}` }),
    save: allowList.getByRole('button', { name: 'Save allow-list' }),
    saveAgain: allowList.getByRole('button', { name: 'Save again' }),
    saved: allowList.getByText('Saved.'),
    empty: allowList.getByText('No websites listed.'),
    alert: allowList.getByRole('alert'),
    draft: draftNote(allowList),
  };
};
