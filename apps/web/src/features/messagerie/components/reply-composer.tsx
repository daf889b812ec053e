import { MESSAGE_MAX, type SendMessageInput, sendMessageSchema } from '@app/shared/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useReplyToSupport } from '../api/actions';
import { messagerieMessages } from '../messages';

const FIELD_ID = 'reply-text';

/**
 * The team's answer: 1 to 2 000 characters (the shared schema's French errors), a counter,
 * Ctrl/Cmd + Enter sends. The text stays when sending fails; it is cleared once sent.
 */
export function ReplyComposer({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  const t = useT(messagerieMessages);
  const reply = useReplyToSupport(conversationId);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SendMessageInput>({
    resolver: localizeResolver(zodResolver(sendMessageSchema)),
    defaultValues: { text: '' },
  });
  const length = (watch('text') ?? '').length;
  const error = errors.text?.message;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await reply.mutateAsync(values.text);
      reset({ text: '' });
      toast.success(answer.message);
    } catch (failure) {
      const message = `${t('sendError')} : ${failure instanceof Error ? failure.message : String(failure)}`;
      setServerError(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 pt-3">
      {closed && <p className="text-xs text-slate-600">{t('closedNote')}</p>}
      <Field
        id={FIELD_ID}
        label={t('reply')}
        error={error}
        hint={
          <span className="flex flex-wrap justify-between gap-x-3">
            <span>{t('replyHint')}</span>
            <span className={length > MESSAGE_MAX ? 'font-semibold text-red-700' : ''}>
              {t('counter', { count: formatNumber(length), max: formatNumber(MESSAGE_MAX) })}
            </span>
          </span>
        }
      >
        <Textarea
          id={FIELD_ID}
          rows={3}
          className="resize-y"
          aria-required="true"
          {...describedBy(FIELD_ID, error, true)}
          {...register('text')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </Field>
      {serverError && <Alert>{serverError}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
