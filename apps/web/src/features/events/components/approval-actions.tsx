import type { EventDetail } from '@app/shared/events';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/form/input-style';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useApprovalDecision } from '../api/event-approval';
import { eventsMessages } from '../messages';

/**
 * 'À approuver' (issue 25 item 11): an event manager approves a waiting draft (it is published) or
 * refuses it with a reason; the server tells the organiser either way.
 */
export function ApprovalActions({ event }: { event: EventDetail }) {
  const t = useT(eventsMessages);
  const decision = useApprovalDecision();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();

  const approve = () =>
    decision.mutate(
      { id: event._id, decision: 'approve' },
      {
        onSuccess: () => toast.success(t('approvedToast')),
        onError: (error) => toast.error(`${t('statusError')} : ${error.message}`),
      },
    );
  const refuse = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    decision.mutate(
      { id: event._id, decision: 'refuse', body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          setRefusing(false);
          setReason('');
          toast.success(t('refusedToast'));
        },
      },
    );
  };
  const closeRefusal = () => {
    setRefusing(false);
    setMissing(false);
    decision.reset();
  };

  return (
    <section aria-labelledby={`${reasonId}-title`} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <h3 id={`${reasonId}-title`} className="text-sm font-semibold text-slate-900">
        {t('awaitingApproval')}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button variant="success" onClick={approve} disabled={decision.isPending}>
          {t('approve')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            decision.reset();
            setRefusing(true);
          }}
          disabled={decision.isPending}
        >
          {t('refuseWithReason')}
        </Button>
      </div>
      <Dialog
        open={refusing}
        onClose={closeRefusal}
        title={t('refuseTitle')}
        size="max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={closeRefusal} disabled={decision.isPending}>
              {t('keep')}
            </Button>
            <Button variant="danger" onClick={refuse} disabled={decision.isPending}>
              {t('refuse')}
            </Button>
          </>
        }
      >
        <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
          {t('refusalReason')} <span className="text-red-700">*</span>
        </label>
        <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
          {t('refusalHint')}
        </p>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          aria-required="true"
          aria-invalid={missing ? 'true' : undefined}
          aria-describedby={missing ? `${reasonId}-hint ${reasonId}-error` : `${reasonId}-hint`}
          className={`${inputClass} mt-1`}
        />
        {missing ? (
          <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
            {t('refusalRequired')}
          </p>
        ) : null}
        {decision.error ? <Alert className="mt-3">{`${t('statusError')} : ${decision.error.message}`}</Alert> : null}
      </Dialog>
    </section>
  );
}
