/** The pay page's "I have paid" messages, picked from the page's dictionary for the client form. */
import type { Messages } from "@/lib/i18n";

export const CASE_MESSAGE_KEYS = [
  "casePaid",
  "caseTitle",
  "caseIntro",
  "caseRefPix",
  "caseRefPixHint",
  "caseRefSbp",
  "caseRefSbpHint",
  "caseRefFree",
  "caseRefFreeHint",
  "caseNote",
  "caseNoteHint",
  "caseSend",
  "caseSending",
  "caseErrRequired",
  "caseErrPix",
  "caseErrSbp",
  "caseErrFree",
  "caseErrCard",
  "caseErrNote",
  "caseErrRate",
  "caseErrClosed",
  "caseErrTooMany",
  "caseErrNetwork",
  "caseOpenTitle",
  "caseOpenBody",
  "caseAlreadyOpen",
  "caseFoundTitle",
  "caseFoundBody",
  "caseNotFoundTitle",
  "caseNotFoundBody",
  "caseSendAgain",
] as const satisfies readonly (keyof Messages)[];

export type CaseMessages = Pick<Messages, (typeof CASE_MESSAGE_KEYS)[number]>;

export function caseMessages(m: Messages): CaseMessages {
  return Object.fromEntries(CASE_MESSAGE_KEYS.map((k) => [k, m[k]])) as CaseMessages;
}
