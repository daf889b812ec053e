import { MESSAGE_MAX, sendMessageSchema } from '@app/shared/conversations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/form/controls';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { type MessageTarget, useSendMessage } from '../api/conversations';
import { messagesMessages } from '../messages';
import type { SentMessageResponse } from '@app/shared/conversations';

/**
 * The box to write a message: 1–2 000 characters, Ctrl (⌘) + Entrée sends; the text stays when
 * sending fails, with the server's message.
 */
export function Composer({ target, onSent }: { target: MessageTarget; onSent?: (answer: SentMessageResponse) => void }) {
  const t = useT(messagesMessages);
  const id = useId();
  const send = useSendMessage(target);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<{ text: string }>({ resolver: localizeResolver(zodResolver(sendMessageSchema)), defaultValues: { text: '' } });
  const length = watch('text').length;
  const submit = handleSubmit((values) =>
    send.mutate(values.text, {
      onSuccess: (answer) => {
        // The message showing in the thread says it was sent.
        reset({ text: '' });
        onSent?.(answer);
      },
      onError: (error) => toast.error(error.message),
    }),
  );
  const error = errors.text?.message;
  return (
    <form onSubmit={submit} noValidate className="border-t border-slate-200 bg-white p-3">
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
      <div className="mt-2 flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          <span className="hidden sm:inline">{t('sendHint')} · </span>
          <span className={length > MESSAGE_MAX ? 'font-semibold text-red-700' : ''}>
            {t('counter', { count: String(length) })}
          </span>
        </p>
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
