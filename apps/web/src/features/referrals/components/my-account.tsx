import { formatPhone } from '@app/shared/phone-display';
import { whatsappShareUrl } from '@app/shared/referral-links';
import { type ReactNode, useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useMyReferral } from '../api/get-my-referral';
import { referralMessages } from '../messages';
import { GrantStatusBadge, useRewardLabels } from './reward-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-xl bg-brand-50 p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-brand-800" data-figure={label}>
        {formatNumber(value)}
      </dd>
      {detail ? <dd className="mt-1 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** Copies `text`; answers false when the browser refuses (then the field is selected for the person). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return false;
  }
}

/**
 * 'Mon compte' for accounts that are not validated administrators: details, plan, the referral
 * link with WhatsApp and copy, the figures and the rewards (`GET /api/referral/me`).
 */
export function MyAccount({ actions }: { actions?: ReactNode }) {
  const t = useT(referralMessages);
  const labels = useRewardLabels();
  const me = useMyReferral();
  const linkId = useId();
  const linkRef = useRef<HTMLInputElement>(null);

  if (me.isPending) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <SkeletonRows rows={4} />
      </div>
    );
  }
  if (me.isError) {
    return (
      <Alert>
        <p>{me.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => me.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const { user, referral, rewards } = me.data;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username || t('none');
  const plan =
    user.plan === 'premium'
      ? user.premiumUntil
        ? t('premiumUntil', { date: formatDate(user.premiumUntil, { dateStyle: 'long' }) })
        : t('premium')
      : t('freemium');
  const details: [string, string][] = [
    [t('name'), fullName],
    [t('username'), user.username ?? t('none')],
    [t('email'), user.email ?? t('none')],
    [t('phone'), user.phone ? formatPhone(user.phone) : t('none')],
    [t('plan'), plan],
  ];

  const onCopy = async () => {
    if (await copyText(referral.link, linkRef.current)) toast.success(t('copied'));
    else toast.error(t('copyFailed'));
  };

  return (
    <div className="space-y-6">
      {user.adminPending ? (
        <Alert tone="info">
          <p className="font-semibold">{t('adminPending')}</p>
          <p className="mt-1">{t('adminPendingHint')}</p>
        </Alert>
      ) : null}

      <Section title={t('infoTitle')}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('referralTitle')}>
        <p className="mb-4 text-slate-700">{t('referralIntro')}</p>
        <label htmlFor={linkId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('yourLink')}
        </label>
        <input
          id={linkId}
          ref={linkRef}
          readOnly
          value={referral.link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
        />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <Button onClick={onCopy}>{t('copy')}</Button>
          <a
            href={whatsappShareUrl(referral.link)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('success', 'md')}
          >
            {t('whatsapp')}
          </a>
        </div>
        <dl className="mt-6 grid gap-3 sm:grid-cols-2">
          <Figure label={t('clicks')} value={referral.clicks} />
          <Figure
            label={t('signups')}
            value={referral.signups}
            detail={t('signupsDetail', {
              waitlist: formatNumber(referral.waitlistSignups),
              accounts: formatNumber(referral.accountSignups),
            })}
          />
        </dl>
      </Section>

      <Section title={t('rewardsTitle')}>
        {rewards.length === 0 ? (
          <p className="text-slate-600">{t('noRewards')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rewards.map((reward) => (
              <li key={reward._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{labels.value(reward.rewardType, reward.rewardValue)}</p>
                  <p className="text-sm text-slate-600">
                    {reward.ruleName} · {formatDate(reward.grantedAt, { dateStyle: 'medium' })}
                  </p>
                </div>
                <GrantStatusBadge status={reward.status} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      {actions ? <div className="flex flex-col gap-2 sm:flex-row">{actions}</div> : null}
    </div>
  );
}
