import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { REVIEWERS } from '../../session/permissions';
import { ActionDialog } from '../../ui/action-dialog';
import type { Decision } from './review-outcome';

/** Approve or reject a batch: what it does, the reason when rejecting, and the API's outcome. */
export function DecisionDialog({ decision, ids, done, onClose }: { decision: Decision; ids: string[]; done(decision: Decision, outcome: Schemas['ReviewOutcomeJson']): void; onClose(): void }) {
  const { t, plural } = useI18n();
  const perform = (reason: string) =>
    decision === 'approve'
      ? answer(api.POST('/v1/staff/characters/approve', { body: { characterIds: ids } }))
      : answer(api.POST('/v1/staff/characters/reject', { body: { characterIds: ids, reason: reason || null } }));
  return (
    <ActionDialog
      title={plural(decision === 'approve' ? 'review.approveTitle' : 'review.rejectTitle', ids.length)}
      confirm={t(decision === 'approve' ? 'review.approve' : 'review.reject')}
      danger={decision === 'reject'}
      reason={decision === 'reject' ? { label: t('review.reason'), required: false } : undefined}
      needs={REVIEWERS}
      perform={perform}
      done={(outcome) => done(decision, outcome)}
      onClose={onClose}
    >
      <p>{t(decision === 'approve' ? 'review.approveExplain' : 'review.rejectExplain')}</p>
    </ActionDialog>
  );
}
