/**
 * The rules of a return request (issue 46) as the form applies them before the server does: the
 * chosen lines with their quantity (1 up to what may still go back) and reason (one the line
 * allows), one method every chosen line allows, and a comment of at most RETURN_COMMENT_MAX.
 * Problems are named as the server names its field errors (Lines.{i}.Reason, Method, Comment; i
 * the line's place among the chosen lines), so both show at the same field.
 */
import {
  type BodyIn,
  RETURN_COMMENT_MAX,
  RETURN_STATUSES,
  type ReturnMethod,
  type ReturnOptionLine,
  type ReturnOptions,
  type ReturnStatus,
  type StatusColour,
  type StatusInfo,
} from '@account/contract';

export interface LineChoice {
  chosen: boolean;
  quantity: number;
  reason: string;
}

export interface ReturnRequest {
  /** By the line's index in the order. */
  lines: Readonly<Record<number, LineChoice>>;
  method: string;
  comment: string;
}

export const emptyRequest = (options: ReturnOptions): ReturnRequest => ({
  lines: Object.fromEntries(
    options.lines
      .filter((line) => line.why === null)
      .map((line) => [line.line, { chosen: false, quantity: 1, reason: '' }]),
  ),
  method: '',
  comment: '',
});

/** The chosen lines in order: their place is the index the server's field errors name. */
export function chosenLines(options: ReturnOptions, request: ReturnRequest): ReturnOptionLine[] {
  return options.lines.filter((line) => line.why === null && request.lines[line.line]?.chosen);
}

/** The methods every chosen line allows (before any is chosen: those of any returnable line). */
export function availableMethods(options: ReturnOptions, request: ReturnRequest): ReturnMethod[] {
  const chosen = chosenLines(options, request);
  const lines = chosen.length > 0 ? chosen : options.lines.filter((line) => line.why === null);
  const allowed = (method: ReturnMethod) =>
    chosen.length > 0
      ? lines.every((line) => line.methods.includes(method.code))
      : lines.some((line) => line.methods.includes(method.code));
  return options.methods.filter(allowed);
}

/** The field of a chosen line, as the server names it. */
export const lineField = (index: number, part: 'Line' | 'Quantity' | 'Reason') => `Lines.${index}.${part}`;

/** The form's own problems: a translation key by field; empty when the request may be sent. */
export function requestProblems(options: ReturnOptions, request: ReturnRequest): Record<string, string> {
  const problems: Record<string, string> = {};
  const chosen = chosenLines(options, request);
  if (chosen.length === 0) problems.Lines = 'ac_ReturnNoLines';
  chosen.forEach((line, index) => {
    const choice = request.lines[line.line];
    if (!choice) return;
    if (choice.quantity < 1 || choice.quantity > line.maxQuantity) {
      problems[lineField(index, 'Quantity')] = 'ac_FieldInvalidMessage';
    }
    if (!line.reasons.includes(choice.reason)) problems[lineField(index, 'Reason')] = 'ac_ReturnReasonRequired';
  });
  const methods = availableMethods(options, request);
  if (methods.length === 0) problems.Method = 'ac_ReturnNoCommonMethod';
  else if (!methods.some((method) => method.code === request.method)) problems.Method = 'ac_ReturnMethodRequired';
  if (request.comment.trim().length > RETURN_COMMENT_MAX) problems.Comment = 'ac_FieldInvalidMaxLengthMessage';
  return problems;
}

/** Every field a request of these options may have an error at: a change clears the server's. */
export const requestFields = (options: ReturnOptions): string[] => [
  'Lines',
  'Method',
  'Comment',
  ...options.lines.flatMap((_, index) =>
    (['Line', 'Quantity', 'Reason'] as const).map((part) => lineField(index, part)),
  ),
];

export function requestBody(options: ReturnOptions, request: ReturnRequest): BodyIn<'createReturn'> {
  return {
    lines: chosenLines(options, request).map((line) => ({
      line: line.line,
      quantity: request.lines[line.line]?.quantity ?? 1,
      reason: request.lines[line.line]?.reason ?? '',
    })),
    method: request.method,
    comment: request.comment.trim(),
  };
}

const STATUS: Record<ReturnStatus, [key: string, label: string, colour: StatusColour]> = {
  requested: ['ac_ReturnStatusRequested', 'Requested', 'orange'],
  approved: ['ac_ReturnStatusApproved', 'Approved', 'green'],
  rejected: ['ac_ReturnStatusRejected', 'Rejected', 'red'],
  labelAvailable: ['ac_ReturnStatusLabelAvailable', 'Label ready', 'green'],
  received: ['ac_ReturnStatusReceived', 'Received', 'green'],
  refunded: ['ac_ReturnStatusRefunded', 'Refunded', 'green'],
  cancelled: ['ac_ReturnStatusCancelled', 'Cancelled', 'grey'],
};

/** A return's status for the status badge. */
export function returnStatus(status: ReturnStatus): StatusInfo {
  const [key, label, colour] = STATUS[status];
  // The badge's code is a number (the §4 tables); a return's status is its place in the contract's list.
  return { code: RETURN_STATUSES.indexOf(status), key, label, colour };
}
