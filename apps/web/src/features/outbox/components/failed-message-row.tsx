import type { FailedMessage } from '@app/shared/outbox';
import { formatPhone } from '@app/shared/phone-display';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { outboxMessages } from '../messages';

const CHANNEL_TONE: Record<FailedMessage['channel'], BadgeTone> = { email: 'blue', sms: 'yellow', push: 'gray' };

/** Who the message was for, in words: the account's name, else its contact, else `noOne` (a device gone). */
export function recipientName(message: FailedMessage, noOne: string): string {
  if (message.person) return message.person.name;
  if (message.recipient) return message.channel === 'sms' ? formatPhone(message.recipient) : message.recipient;
  return noOne;
}

interface FailedMessageRowProps {
  message: FailedMessage;
  busy: boolean;
  onRetry: () => void;
  onAskDelete: () => void;
}

/**
 * One dead letter: its channel, to whom, its first words, why it failed (in words, then the
 * provider's own error), how many attempts and since when; 'Renvoyer' (when it can still go out)
 * and 'Supprimer'. One column on phones, the actions on the right from `md`.
 */
export function FailedMessageRow({ message, busy, onRetry, onAskDelete }: FailedMessageRowProps) {
  const t = useT(outboxMessages);
  const name = recipientName(message, t('deviceGone'));
  const contact =
    message.channel === 'push'
      ? message.person
        ? t('device', { device: message.device || t('unnamedDevice') })
        : null
      : message.person && message.recipient
        ? message.channel === 'sms'
          ? formatPhone(message.recipient)
          : message.recipient
        : t('unknownPerson');
  const when = message.failedAt
    ? t('failedOn', { date: formatDate(message.failedAt, { dateStyle: 'short', timeStyle: 'short' }) })
    : t('createdOn', { date: formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' }) });
  return (
    <article
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
      data-outbox-id={message._id}
      aria-labelledby={`outbox-${message._id}-to`}
    >
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge tone={CHANNEL_TONE[message.channel]}>{t(`channel.${message.channel}`)}</Badge>
          <span id={`outbox-${message._id}-to`} className="min-w-0 font-semibold break-words text-slate-900">
            {name}
          </span>
          {contact ? <span className="min-w-0 text-sm break-all text-slate-600">{contact}</span> : null}
        </p>
        <p className="text-sm break-words text-slate-900" data-cell="preview">
          {message.preview || <span className="text-slate-600 italic">{t('noPreview')}</span>}
        </p>
        <p className="text-sm text-red-800" data-cell="reason">
          {t(`reason.${message.reason}`)}
        </p>
        {message.lastError ? (
          <p className="text-xs break-words text-slate-600">
            {t('lastError')} : <code className="font-mono text-slate-700">{message.lastError}</code>
          </p>
        ) : null}
        <p className="text-xs text-slate-600">
          <time dateTime={message.failedAt ?? message.createdAt}>{when}</time>
          {' · '}
          {t('attempts', { count: message.attempts })}
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-2 md:flex-col md:items-stretch" aria-label={t('actionsFor', { name })}>
        {message.canRetry ? (
          <Button size="sm" onClick={onRetry} disabled={busy}>
            {busy ? t('resending') : t('resend')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onAskDelete} disabled={busy}>
          {t('delete')}
        </Button>
      </fieldset>
    </article>
  );
}
