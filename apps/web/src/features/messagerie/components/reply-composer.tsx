import { MESSAGE_MAX, type SendMessageFields, type SendMessageInput, sendMessageSchema } from '@app/shared/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { PhotoAttachButton, PhotoAttachmentPreview, usePhotoAttachment } from '../../../components/ui/photo-attachment';
import { photoMessages } from '../../../components/ui/photo-messages';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { uploadReplyPhoto, useReplyToSupport } from '../api/actions';
import { messagerieMessages } from '../messages';

const FIELD_ID = 'reply-text';

/**
 * The team's answer: up to 2 000 characters (the shared schema's French errors), a counter, a
 * photo ('Ajouter une photo', sent as soon as chosen), or both; Ctrl/Cmd + Enter sends. The text
 * and the photo stay when sending fails; they are cleared once sent.
 */
export function ReplyComposer({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  const t = useT(messagerieMessages);
  const tPhoto = useT(photoMessages);
  const reply = useReplyToSupport(conversationId);
  const attachment = usePhotoAttachment(uploadReplyPhoto);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SendMessageFields, unknown, SendMessageInput>({
    resolver: localizeResolver(zodResolver(sendMessageSchema)),
    defaultValues: { text: '' },
  });
  const length = (watch('text') ?? '').length;
  const error = errors.text?.message;
  const { imageId } = attachment;
  useEffect(() => {
    setValue('imageId', imageId, { shouldValidate: isSubmitted });
    if (imageId) setServerError(null);
  }, [imageId, isSubmitted, setValue]);
  const photoPending = attachment.state.status !== 'empty' && attachment.state.status !== 'ready';

  const sendForm = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await reply.mutateAsync({ text: values.text, imageId: attachment.imageId });
      reset({ text: '' });
      attachment.clear();
      toast.success(answer.message);
    } catch (failure) {
      const message = `${t('sendError')} : ${failure instanceof Error ? failure.message : String(failure)}`;
      setServerError(message);
      toast.error(message);
    }
  });

  // A photo still on its way (or failed) holds the answer back, whatever the text says.
  const submit = (event?: FormEvent) => {
    if (!photoPending) return sendForm(event);
    event?.preventDefault();
    setServerError(attachment.state.status === 'failed' ? tPhoto('retryOrRemove') : tPhoto('wait'));
  };

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
      <PhotoAttachmentPreview attachment={attachment} />
      {serverError && <Alert>{serverError}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PhotoAttachButton attachment={attachment} disabled={isSubmitting} />
        <Button type="submit" disabled={isSubmitting || attachment.busy}>
          {isSubmitting ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
