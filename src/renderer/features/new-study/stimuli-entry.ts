/**
 * The service requires one question at creation, so a STIMULI study starts with this one (see the
 * new-study store's createStimuli); the real questions come once the media is uploaded.
 */
export const PLACEHOLDER_QUESTION = 'Placeholder: replaced once the stimuli are uploaded and the questions drafted.';
