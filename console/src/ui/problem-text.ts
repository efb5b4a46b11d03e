import type { ApiProblem } from '../api/problem';
import type { I18n, MessageKey } from '../i18n/i18n';
import { nameOf, type Needs } from '../session/permissions';

/** What a screen knows about a call that the API's answer does not say. */
export interface ProblemContext {
  /** The bits the call needs (a 403 names the ones missing). */
  needs?: Needs;
  /** What a plain 403 `Forbidden` means for this call (not the owner, one's own record…). */
  forbidden?: MessageKey;
}

/** API errors worth their own words; anything else shows the API's text as it is. */
const KNOWN_ERRORS: Record<string, MessageKey> = {
  'Not Approved': 'problem.error.notApproved',
  'Sanction Already Revoked': 'problem.error.sanctionAlreadyRevoked',
  'Delivery Not Failed': 'problem.error.deliveryNotFailed',
  'Unknown User': 'problem.error.unknownUser',
  'Unknown Character': 'problem.error.unknownCharacter',
  'Unknown Webhook': 'problem.error.unknownWebhook',
  'Unknown Note': 'problem.error.unknownNote',
  'Unknown Sanction': 'problem.error.unknownSanction',
  'Unknown Service Key': 'problem.error.unknownServiceKey',
};

/** One sentence telling what went wrong and what to do. */
export function problemText(problem: ApiProblem, i18n: I18n, context: ProblemContext = {}): string {
  const { t } = i18n;
  const known = KNOWN_ERRORS[problem.body?.error ?? ''];
  switch (problem.status) {
    case 0:
      return t('problem.network');
    case 401:
      return t('problem.signedOut');
    case 403:
      return forbiddenText(problem, i18n, context);
    case 429:
    case 503:
      return retryText(problem, i18n);
    case 400:
      return t('problem.invalid', { details: detailsOf(problem) || problem.message });
    default:
      if (known) return t(known);
      return problem.status >= 500 ? t('problem.server', { status: problem.status }) : t('problem.other', { error: problem.message });
  }
}

function forbiddenText(problem: ApiProblem, i18n: I18n, context: ProblemContext): string {
  const { t } = i18n;
  if (problem.code === 'USER_SUSPENDED') {
    const until = (problem.body?.details as unknown as { expiresAt?: string | null } | undefined)?.expiresAt;
    return until ? t('problem.suspendedUntil', { until: i18n.dateTime(until) }) : t('problem.suspended');
  }
  if (problem.code?.startsWith('MISSING_') && context.needs?.length) {
    return t('problem.missingPermission', { permissions: i18n.either(context.needs.map((bit) => t(`permission.${nameOf(bit)}`))) });
  }
  return t(context.forbidden ?? 'problem.forbidden');
}

function retryText(problem: ApiProblem, i18n: I18n): string {
  const { t } = i18n;
  const base = problem.status === 429 ? 'problem.rateLimited' : 'problem.unavailable';
  if (problem.retryAfter === undefined) return t(`${base}.soon`);
  const at = new Date(Date.now() + problem.retryAfter * 1000).toISOString();
  return t(`${base}.after`, { seconds: problem.retryAfter, at: i18n.dateTime(at) });
}

function detailsOf(problem: ApiProblem): string {
  const details = problem.body?.details;
  return Array.isArray(details) ? details.map((detail) => `${detail.field}: ${detail.message}`).join('; ') : '';
}
