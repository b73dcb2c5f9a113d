import { clipExportDialog } from './clips';
import type { Page } from 'playwright-core';
import { codesView } from './codes';
import { exportDialog } from './export-dialog';
import { firstRun } from './first-run';
import { gridView } from './grid';
import { guideTab } from './guide';
import { interviewsTab } from './interviews';
import { launchDialog, launchedDialog } from './launch';
import { newStudy } from './new-study';
import { messages, toasts } from './notices';
import { reportTab } from './report';
import { qdpxImport } from './qdpx-import';
import { reelsView } from './reels';
import { palette } from './search';
import { settingsScreen } from './settings';
import { shareTab } from './share';
import { header, mainArea, screenTitle, shortcutSheet, sidebar, viewFailed } from './shell';
import { stimuliTab, stimuliWizard } from './stimuli';
import { studiesList } from './studies';
import { studyPage } from './study';
import { viewer } from './viewer';

/**
 * Page objects for the workstation, one per screen, built on role- and name-based locators and waits on states,
 * so a test reads as what the researcher does rather than as selectors. `app(page)` gathers them for one page.
 * Where the app gives an element no role or name (the study's head, the viewer's meta line, the search status,
 * the remove-workspace sentence, …) the page object finds it by its class and says so: those are the places a
 * role in the app would let the tests drop the class.
 */
export const app = (page: Page) => ({
  page,
  sidebar: sidebar(page),
  header: header(page),
  main: mainArea(page),
  title: screenTitle(page),
  viewFailed: viewFailed(page),
  shortcuts: shortcutSheet(page),
  firstRun: firstRun(page),
  studies: studiesList(page),
  study: studyPage(page),
  guide: guideTab(page),
  stimuli: stimuliTab(page),
  interviews: interviewsTab(page),
  report: reportTab(page),
  codes: codesView(page),
  clips: clipExportDialog(page),
  grid: gridView(page),
  reels: reelsView(page),
  share: shareTab(page),
  viewer: viewer(page),
  newStudy: newStudy(page),
  wizard: stimuliWizard(page),
  settings: settingsScreen(page),
  palette: palette(page),
  qdpxImport: qdpxImport(page),
  toasts: toasts(page),
  messages: messages(page),
  /** The Export dialog, for a study by its title or whichever is open. */
  exportDialog: (title?: string) => exportDialog(page, title),
  /** The launch dialog, for a study by its title or the one dialog on screen. */
  launchDialog: (title?: string) => launchDialog(page, title),
  launched: launchedDialog(page),
});

export type App = ReturnType<typeof app>;

export { related } from './aria';
export { chatPage, takeChatInterview } from './chat';
export { codesView } from './codes';
export { draftNote } from './draft';
export { exportDialog } from './export-dialog';
export { addWorkspaceForm, firstRun } from './first-run';
export { gridView } from './grid';
export { guideTab } from './guide';
export { highlightCard, interviewRow, interviewsTab } from './interviews';
export { launchDialog, launchedDialog } from './launch';
export { newStudy, studyFields } from './new-study';
export { messages, toasts } from './notices';
export { reportTab } from './report';
export { qdpxImport } from './qdpx-import';
export { palette } from './search';
export { settingsScreen } from './settings';
export { shareTab } from './share';
export { header, mainArea, screenTitle, shortcutSheet, sidebar, viewFailed } from './shell';
export { stagedFile, stimuliTab, stimuliWizard, stimulusCard } from './stimuli';
export { studiesList } from './studies';
export { openStudyTab, studyPage, type StudyTab } from './study';
export { containing } from './text';
export { viewer } from './viewer';
