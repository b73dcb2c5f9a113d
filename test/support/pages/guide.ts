import type { Page } from 'playwright-core';
import { draftNote } from './draft';

/** The Guide tab: the questions and messages, read-only or in the edit form. */
export const guideTab = (page: Page) => {
  const panel = page.getByRole('tabpanel');
  const questions = panel.getByRole('region', { name: /Questions/ }).getByRole('listitem');
  const form = page.getByRole('form', { name: 'Edit the guide' });
  return {
    panel,
    /** The guide's questions as listed, one item each (with their probing level and stimuli). */
    questions,
    questionTexts: () => questions.allInnerTexts(),
    endMessage: page.getByRole('region', { name: 'End message' }),
    edit: page.getByRole('button', { name: 'Edit guide' }),
    /** Why a launched study's guide is read-only. */
    launchedNote: page.getByRole('note').filter({ hasText: 'This study has launched; its guide can no longer change.' }),
    /** Asked before a question change on a stimuli study. */
    reassignDialog: page.getByRole('dialog', { name: 'Save and re-assign stimuli?' }),
    form: {
      form,
      title: form.getByLabel('Title', { exact: true }),
      question: (n: number) => form.getByRole('textbox', { name: `Question ${n}`, exact: true }),
      probing: (n: number) => form.getByRole('combobox', { name: `Probing level for question ${n}` }),
      addQuestion: form.getByRole('button', { name: '+ Add question' }),
      deleteQuestion: (n: number) => form.getByRole('button', { name: `Delete question ${n}` }),
      intro: form.getByRole('textbox', { name: 'Intro message' }),
      end: form.getByRole('textbox', { name: /End message/ }),
      save: form.getByRole('button', { name: 'Save guide' }),
      cancel: form.getByRole('button', { name: 'Cancel' }),
      status: (text: string) => form.getByRole('status').filter({ hasText: text }),
      alert: (text: string) => form.getByRole('alert').filter({ hasText: text }),
      /** The edit's local draft: restored, changed underneath, Discard. */
      draft: draftNote(form),
    },
  };
};
