import type { Page } from 'playwright-core';

/** The add-a-workspace form, on the first run and on its own screen. */
export const addWorkspaceForm = (page: Page) => {
  const form = page.getByRole('form', { name: 'Add a workspace' });
  return {
    /** The heading of the form's own screen (and of its card on the first run). */
    heading: page.getByRole('heading', { name: 'Add a workspace' }),
    form,
    name: form.getByLabel('Workspace name'),
    address: form.getByLabel('Service address'),
    key: form.getByLabel('API key'),
    organisationId: form.getByLabel(/Organisation ID/),
    showKey: form.getByRole('button', { name: 'Show key' }),
    hideKey: form.getByRole('button', { name: 'Hide key' }),
    add: form.getByRole('button', { name: 'Add workspace' }),
    /** The form's inline problems, as they read. */
    problems: form.getByRole('alert'),
  };
};

/** The first run: a welcome, the demo, and the form to add a workspace. */
export const firstRun = (page: Page) => ({
  welcome: page.getByRole('heading', { name: 'Welcome to Fieldwork' }),
  tryDemo: page.getByRole('button', { name: 'Try the demo' }),
  form: addWorkspaceForm(page),
});
