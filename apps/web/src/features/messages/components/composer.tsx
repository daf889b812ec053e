import {
  MESSAGE_MAX,
  type SendMessageFields,
  type SendMessageInput,
  type SentMessageResponse,
  sendMessageSchema,
} from '@app/shared/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form/controls';
import { PhotoAttachButton, PhotoAttachmentPreview, usePhotoAttachment } from '../../../components/ui/photo-attachment';
import { photoMessages } from '../../../components/ui/photo-messages';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { type MessageTarget, uploadMessagePhoto, useSendMessage } from '../api/conversations';
import { messagesMessages } from '../messages';

/**
 * The box to write a message: text (up to 2 000 characters), a photo, or both; Ctrl (⌘) + Entrée
 * sends. The photo is sent as soon as it is chosen, while the text is written; the message waits
 * for it. The text and the photo stay when sending fails, with the server's message.
 */
export function Composer({ target, onSent }: { target: MessageTarget; onSent?: (answer: SentMessageResponse) => void }) {
  const t = useT(messagesMessages);
  const tPhoto = useT(photoMessages);
  const id = useId();
  const send = useSendMessage(target);
  const attachment = usePhotoAttachment(uploadMessagePhoto);
  const [waitNote, setWaitNote] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<SendMessageFields, unknown, SendMessageInput>({
    resolver: localizeResolver(zodResolver(sendMessageSchema)),
    defaultValues: { text: '' },
  });
  const length = (watch('text') ?? '').length;
  // The photo, once sent, is part of the message: a message may be a photo alone.
  const { imageId } = attachment;
  useEffect(() => {
    setValue('imageId', imageId, { shouldValidate: isSubmitted });
    if (imageId) setWaitNote(false);
  }, [imageId, isSubmitted, setValue]);
  const photoPending = attachment.state.status !== 'empty' && attachment.state.status !== 'ready';

  const sendForm = handleSubmit((values) => {
    send.mutate(
      { text: values.text, imageId: attachment.imageId },
      {
        onSuccess: (answer) => {
          // The message showing in the thread says it was sent.
          reset({ text: '' });
          attachment.clear();
          onSent?.(answer);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  });
  // A photo still on its way (or failed) holds the message back, whatever the text says.
  const submit = (event?: FormEvent) => {
    if (!photoPending) return sendForm(event);
    event?.preventDefault();
    setWaitNote(true);
  };
  const error = errors.text?.message;
  return (
    <form onSubmit={submit} noValidate className="border-t border-slate-200 bg-white p-3">
      <PhotoAttachmentPreview attachment={attachment} />
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={MESSAGE_MAX + 100}
        placeholder={t('placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="resize-y"
        {...register('text')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {waitNote && photoPending ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {attachment.state.status === 'failed' ? tPhoto('retryOrRemove') : tPhoto('wait')}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <PhotoAttachButton attachment={attachment} disabled={send.isPending} />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            <span className="hidden sm:inline">{t('sendHint')} · </span>
            <span className={length > MESSAGE_MAX ? 'font-semibold text-red-700' : ''}>
              {t('counter', { count: String(length) })}
            </span>
          </p>
        </div>
        <Button type="submit" size="sm" disabled={send.isPending || attachment.busy}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
