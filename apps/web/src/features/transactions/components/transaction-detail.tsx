import { formatFcfa, OPERATOR_LABELS, type TransactionDetail } from '@app/shared/payments';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';
import { DetailField } from '../../../components/ui/detail-field';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { useTransaction } from '../api/get-transaction';
import { useCheckTransaction, useRefundTransaction } from '../api/transaction-actions';
import { transactionsMessages } from '../messages';
import { RefundDialog } from './refund-dialog';
import { PaymentStatusBadge } from './transaction-badges';

export function TransactionDetailPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(transactionsMessages);
  const detail = useTransaction(id);
  return (
    <LoadedDetailPanel query={detail} t={t} retryLabel={t('retry')} labelledBy="transaction-detail-title" onBack={onBack}>
      {(data) => <TransactionBody detail={data} />}
    </LoadedDetailPanel>
  );
}

const dateTime = (value: string | null) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

function TransactionBody({ detail }: { detail: TransactionDetail }) {
  const t = useT(transactionsMessages);
  const language = useLanguage();
  const { transaction, timeline, account } = detail;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [refunding, setRefunding] = useState(false);
  const refund = useRefundTransaction();
  const check = useCheckTransaction();
  // On a phone the list disappears when a payment is opened: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  const premiumNow =
    account.plan !== 'premium'
      ? t('premiumNone')
      : account.premiumUntil
        ? t('premiumUntil', { date: dateTime(account.premiumUntil) })
        : t('premiumNoEnd');

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="transaction-detail-title"
            className="font-mono text-lg font-bold break-all text-slate-900 outline-none"
          >
            {transaction.reference}
          </h2>
          <p className="text-2xl font-bold text-slate-900">{formatFcfa(transaction.amount)}</p>
        </div>
        <PaymentStatusBadge status={transaction.status} />
      </header>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={check.isPending}
          onClick={() =>
            check.mutate(
              { id: transaction._id },
              {
                onSuccess: (data) => toast.success(localize(data.message, language)),
                onError: (error) => toast.error(error.message),
              },
            )
          }
        >
          {check.isPending ? t('checking') : t('check')}
        </Button>
        {transaction.status === 'successful' ? (
          <Button
            variant="danger"
            onClick={() => {
              refund.reset();
              setRefunding(true);
            }}
          >
            {t('refund')}
          </Button>
        ) : null}
      </div>

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailField label={t('createdAt')}>{dateTime(transaction.createdAt)}</DetailField>
        <DetailField label={t('plan')}>{t(`plan.${transaction.plan}`)}</DetailField>
        <DetailField label={t('operator')}>{OPERATOR_LABELS[transaction.operator]}</DetailField>
        <DetailField label={t('phone')}>
          <span className="whitespace-nowrap">{transaction.phoneMasked}</span>
        </DetailField>
        <DetailField label={t('providerReference')}>
          <span className="font-mono text-xs break-all">{transaction.providerReference ?? t('none')}</span>
        </DetailField>
        {transaction.creditUsed > 0 ? (
          <DetailField label={t('creditUsed')}>{formatFcfa(transaction.creditUsed)}</DetailField>
        ) : null}
        {transaction.refundedAmount > 0 ? (
          <DetailField label={t('refunded')}>{formatFcfa(transaction.refundedAmount)}</DetailField>
        ) : null}
        {transaction.premiumUntil ? (
          <DetailField label={t('premiumGiven')}>{dateTime(transaction.premiumUntil)}</DetailField>
        ) : null}
        {transaction.emulated ? <DetailField label={t('mode')}>{t('emulated')}</DetailField> : null}
      </dl>

      <section aria-labelledby="transaction-account-title" className="space-y-2">
        <h3 id="transaction-account-title" className="text-sm font-semibold text-slate-900">
          {t('account')}
        </h3>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <DetailField label={t('accountName')}>{account.name}</DetailField>
          <DetailField label={t('username')}>{account.username ?? t('none')}</DetailField>
          <DetailField label={t('email')}>
            <span className="break-all">{account.email ?? t('none')}</span>
          </DetailField>
          <DetailField label={t('premiumNow')}>{premiumNow}</DetailField>
        </dl>
      </section>

      <section aria-labelledby="transaction-timeline-title" className="space-y-2">
        <h3 id="transaction-timeline-title" className="text-sm font-semibold text-slate-900">
          {t('timeline')}
        </h3>
        {timeline.length === 0 ? (
          <p className="text-sm text-slate-500">{t('timelineEmpty')}</p>
        ) : (
          <ol className="space-y-3 border-l-2 border-slate-200 pl-4" data-testid="transaction-timeline">
            {timeline.map((event, index) => (
              <li key={`${event.at}-${index}`} className="relative">
                <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-slate-400" />
                <div className="flex flex-wrap items-center gap-2">
                  <PaymentStatusBadge status={event.status} />
                  <span className="text-xs text-slate-600">{dateTime(event.at)}</span>
                </div>
                <p className="mt-1 text-sm break-words text-slate-800">{localize(event.note, language)}</p>
                {event.actor ? <p className="text-xs text-slate-600">{t('by', { name: event.actor })}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <RefundDialog
        open={refunding}
        transaction={transaction}
        pending={refund.isPending}
        error={refund.error}
        onClose={() => setRefunding(false)}
        onConfirm={(reason) =>
          refund.mutate(
            { id: transaction._id, reason },
            {
              onSuccess: (data) => {
                setRefunding(false);
                toast.success(localize(data.message, language));
              },
            },
          )
        }
      />
    </div>
  );
}
