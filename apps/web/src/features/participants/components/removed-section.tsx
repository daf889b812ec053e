import type { Removal } from '@app/shared/participants';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { toast } from '../../../components/ui/toast';
import { formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useReadmit, useRemovals } from '../api';
import { participantsMessages } from '../messages';
import { PersonRow } from './shared';

/**
 * 'Retirés' (decision 058): the people the organiser removed, most recent first, each with
 * 'Réautoriser' behind a confirmation; let back, they may join again themselves. Shown only when
 * someone was removed.
 */
export function RemovedSection({ eventId, eventTitle, online }: { eventId: string; eventTitle: string; online: boolean }) {
  const t = useT(participantsMessages);
  const headingId = useId();
  const [page, setPage] = useState(1);
  const removals = useRemovals(eventId, page);
  const readmit = useReadmit(eventId);
  const [letting, setLetting] = useState<Removal | null>(null);
  const data = removals.data;
  if (!data || data.total === 0) return null;
  const count = pageCount(data.total, data.pageSize);

  const confirm = () => {
    if (!letting) return;
    readmit.mutate(letting.userId, {
      onSuccess: () => {
        toast.success(t('readmitted', { name: letting.name }));
        setLetting(null);
        if (data.items.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2 pt-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('removedTitle', { count: String(data.total) })}
      </h2>
      <p className="text-sm text-slate-700">{t('removedHint')}</p>
      <ul
        aria-label={t('removedList')}
        aria-busy={removals.isPlaceholderData}
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      >
        {data.items.map((item) => (
          <PersonRow
            key={item.userId}
            person={item}
            when={t('removedAt', { date: formatLongDateTime(item.removedAt) })}
            action={t('readmit')}
            actionLabel={t('readmitLabel', { name: item.name })}
            disabled={!online}
            onAction={() => {
              readmit.reset();
              setLetting(item);
            }}
            marker={{ 'data-removed': item.userId }}
          />
        ))}
      </ul>
      {count > 1 ? <Pagination page={page} count={count} onChange={setPage} label={t('removedPagination')} /> : null}
      <ConfirmDialog
        open={letting !== null}
        title={t('readmitTitle')}
        message={letting ? t('readmitConfirm', { name: letting.name, title: eventTitle }) : ''}
        confirmLabel={t('readmit')}
        tone="primary"
        pending={readmit.isPending}
        error={readmit.error?.message ?? null}
        onConfirm={confirm}
        onCancel={() => {
          readmit.reset();
          setLetting(null);
        }}
      />
    </section>
  );
}
