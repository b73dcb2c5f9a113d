/**
 * Bounds the spec leaves "not shown". The sandbox enforces these and the client checks them before
 * sending, so a researcher hears about a too-long question in the form rather than from a 400.
 */
export const LIMITS = {
  titleMax: 200,
  messageMax: 2000,
  questionMax: 500,
  questionsMax: 30,
  languagesMax: 10,
  targetParticipantsMin: 1,
  targetParticipantsMax: 1000,
  objectiveMax: 2000,
  captionMax: 300,
  allowListMax: 50,
  interviewsPageMax: 100,
  interviewsPageDefault: 20,
  imageBytesMax: 10 * 1024 * 1024,
  videoBytesMax: 100 * 1024 * 1024,
} as const;
