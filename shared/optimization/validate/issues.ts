// How a broken rule is reported: every rule group adds "<field>: <rule>" issues to one list, so a
// caller fixes the whole request in one round trip.
import { ApiError } from '../../platform/errors';

export interface Issue {
  field: string;
  rule: string;
}

export type AddIssue = (field: string, rule: string) => void;

/** Issues listed in one message at most; the rest are counted. */
const MAX_LISTED = 25;

export function issuesError(issues: Issue[], status = 400): ApiError {
  const listed = issues.slice(0, MAX_LISTED).map((i) => `${i.field}: ${i.rule}`);
  if (issues.length > MAX_LISTED) listed.push(`and ${issues.length - MAX_LISTED} more`);
  return new ApiError(status, listed.join('; '), { field: issues[0]?.field });
}
