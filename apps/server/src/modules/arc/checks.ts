import type { ArcCheck, ArcCheckOutcome, ArcField } from '@commonwise/contracts';

/** The clause a check rests on, as the committee sees it quoted. */
export type RuleClause = ArcCheckOutcome['rule'];

export type CheckInput = {
  fields: ArcField[];
  checks: ArcCheck[];
  answers: Record<string, string | number>;
  /** Each file's text per page, as read when it arrived (null: none could be read). */
  files: { fileName: string; pages: string[] | null }[];
  /** The confirmed rules the checks rest on, by id. */
  rules: Map<string, RuleClause>;
};

/**
 * The guideline check of a request (issue 22 item 2): for each check, meets / fails / needs judgment,
 * with the evidence from the form and the files and the clause quoted. Deterministic; never a model.
 */
export function checkRequest(input: CheckInput): ArcCheckOutcome[] {
  void input;
  throw new Error('checkRequest: not built yet');
}
