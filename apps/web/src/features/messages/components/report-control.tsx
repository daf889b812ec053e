import { REPORT_REASONS } from '@app/shared/community';
import { type ReportConversationInput, reportConversationSchema } from '@app/shared/conversation-reports';
import type { ThreadResponse } from '@app/shared/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Select, Textarea } from '../../../components/ui/form/controls';
import { DialogForm } from '../../../components/ui/form/dialog-form';
import { describedBy, Field } from '../../../components/ui/form/field';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useReportConversation } from '../api/report-conversation';
import { reportMessages } from '../report-messages';

type ReportOutput = z.output<typeof reportConversationSchema>;

/**
 * 'Signaler', beside 'Bloquer' in a conversation about an event (decision 064): a reason, optional
 * details, and 'Bloquer aussi' ticked by default (as WhatsApp's 'Signaler et bloquer'). A support
 * thread is the team's own: nothing to report there.
 */
export function ReportControl({ thread }: { thread: ThreadResponse }) {
  const t = useT(reportMessages);
  const [open, setOpen] = useState(false);
  const { conversation } = thread;
  const name = conversation.with.name;
  if (conversation.kind !== 'event' || !conversation.with._id) return null;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t('reportLabel', { name })} onClick={() => setOpen(true)}>
        {t('report')}
      </Button>
      {open ? (
        <ReportDialog
          conversationId={conversation._id}
          name={name}
          alreadyBlocked={conversation.blockedByMe}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function ReportDialog({
  conversationId,
  name,
  alreadyBlocked,
  onClose,
}: {
  conversationId: string;
  name: string;
  alreadyBlocked: boolean;
  onClose: () => void;
}) {
  const t = useT(reportMessages);
  const report = useReportConversation(conversationId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReportConversationInput, unknown, ReportOutput>({
    resolver: localizeResolver(zodResolver(reportConversationSchema)),
    defaultValues: { reason: '' as ReportConversationInput['reason'], details: '', block: !alreadyBlocked },
  });
  // The only way to miss the list's reasons here is to choose none.
  const reasonError = errors.reason ? t('reasonRequired') : undefined;
  const detailsError = errors.details ? t('detailsTooLong') : undefined;

  const submit = handleSubmit((values) =>
    report.mutate(alreadyBlocked ? { ...values, block: undefined } : values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
    }),
  );

  return (
    <DialogForm
      open
      title={t('title')}
      intro={t('intro', { name })}
      onClose={onClose}
      onSubmit={submit}
      serverError={report.error?.message ?? null}
      errorTitle={t('failed')}
      pending={report.isPending}
      cancelLabel={t('cancel')}
      submitLabel={t('send')}
      pendingLabel={t('sending')}
    >
      <Field id="conversation-report-reason" label={t('reason')} error={reasonError} required>
        <Select
          id="conversation-report-reason"
          aria-required="true"
          {...describedBy('conversation-report-reason', reasonError)}
          {...register('reason')}
        >
          <option value="">—</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`reason_${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="conversation-report-details" label={t('details')} optionalText={t('optional')} error={detailsError}>
        <Textarea
          id="conversation-report-details"
          rows={3}
          className="resize-y"
          {...describedBy('conversation-report-details', detailsError)}
          {...register('details')}
        />
      </Field>
      {alreadyBlocked ? null : (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" {...register('block')} />
          <span>{t('block', { name })}</span>
        </label>
      )}
    </DialogForm>
  );
}
