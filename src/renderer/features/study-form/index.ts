export { InteractionModesPicker, modesExplanation } from './InteractionModesPicker';
export { COMMON_LOCALES, LanguagesEditor, localeLabel } from './LanguagesEditor';
export * from './model';
export { QuestionListEditor } from './QuestionListEditor';
export { RECRUITING_INFO, RecruitingFields } from './RecruitingFields';
export { ObjectiveField, StudyFormFields, TextField, TitleField } from './StudyFormFields';
