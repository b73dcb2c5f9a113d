import type { Page } from 'playwright-core';

/**
 * The launch dialog, from confirming the target to the participant link. Without a title it is the one dialog
 * on screen (its name changes once the study has launched).
 */
export const launchDialog = (page: Page, title?: string) => {
  const dialog = title ? page.getByRole('dialog', { name: `Launch “${title}”` }) : page.getByRole('dialog');
  return {
    dialog,
    target: dialog.getByLabel('Participants to recruit'),
    /** What the launch will charge, spelled out before it is confirmed. */
    consequence: dialog.getByTestId('launch-consequence'),
    /** The expected charge: quoted from this workspace's last launch, or said to be unknown until the service charges. */
    cost: dialog.getByRole('note', { name: 'Expected charge' }),
    launchTo: (n: number) => dialog.getByRole('button', { name: `Launch to ${n} participants` }),
    alert: dialog.getByRole('alert'),
    heading: (name: 'Study launched' | 'Study already launched') => dialog.getByRole('heading', { name }),
    outcome: dialog.getByRole('status').first(),
    ...participantLink(dialog),
    done: dialog.getByRole('button', { name: 'Done' }),
  };
};

/** The dialog that follows a launch, named "Study launched". */
export const launchedDialog = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Study launched' });
  return { dialog, outcome: dialog.getByRole('status').first(), ...participantLink(dialog), done: dialog.getByRole('button', { name: 'Done' }) };
};

function participantLink(scope: ReturnType<Page['getByRole']>) {
  return {
    callUrl: scope.getByTestId('call-url'),
    qr: scope.getByRole('img', { name: 'QR code for the participant link' }),
    copyLink: scope.getByRole('button', { name: 'Copy participant link' }),
  };
}
