import { formatPhone } from '@app/shared/phone-display';
import type { WaitlistEntry, WaitlistStatus } from '@app/shared/waitlist';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Table, TBody, Td, Th, THead } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { waitlistMessages } from '../messages';

const STATUS_TONE: Record<WaitlistStatus, BadgeTone> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials(name)}
    </span>
  );
}

interface WaitlistEntriesProps {
  items: WaitlistEntry[];
  /** An entry's action buttons; `oneLine` in the desktop table. */
  actionsOf: (entry: WaitlistEntry, oneLine?: boolean) => ReactNode;
  /**
   * Embedded in the dashboard (half the width of the screen's table): name, phone, status and
   * actions only, the name whole, so every row fits at 1280 px without a sideways scroll.
   */
  compact?: boolean;
}

/** One page of entries: cards on phones, a table from `md`. */
export function WaitlistEntries({ items, actionsOf, compact = false }: WaitlistEntriesProps) {
  const t = useT(waitlistMessages);
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={t('title')}>
        {items.map((entry) => (
          <li key={entry._id} className="rounded-lg border border-slate-200 bg-white p-4" data-entry={entry._id}>
            <div className="flex items-start gap-3">
              <Avatar name={entry.name} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{entry.name}</p>
                <p className="text-sm break-all text-slate-700">{entry.email ?? '—'}</p>
                <p className="text-sm whitespace-nowrap text-slate-700">{formatPhone(entry.phone)}</p>
              </div>
              <Badge tone={STATUS_TONE[entry.status]}>{t(entry.status)}</Badge>
            </div>
            <p className="mt-2 text-xs text-slate-600">
              {t('date')} : {formatDate(entry.createdAt, { dateStyle: 'short' })}
            </p>
            <div className="mt-3">{actionsOf(entry)}</div>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table caption={t('title')}>
          <THead>
            <tr>
              <Th className="px-3">{t('user')}</Th>
              {compact ? null : <Th className="px-3">{t('email')}</Th>}
              <Th className="px-3">{t('phone')}</Th>
              <Th className="px-3">{t('status')}</Th>
              {compact ? null : <Th className="px-3 whitespace-normal">{t('date')}</Th>}
              <Th className="px-3">{t('actions')}</Th>
            </tr>
          </THead>
          <TBody>
            {items.map((entry) => (
              <tr key={entry._id} data-entry={entry._id}>
                <Td className="px-3">
                  <span className="flex items-center gap-2">
                    <Avatar name={entry.name} />
                    <span
                      className={compact ? 'block font-medium break-words' : 'block max-w-28 truncate font-medium 2xl:max-w-48'}
                      title={entry.name}
                      data-cell="name"
                    >
                      {entry.name}
                    </span>
                  </span>
                </Td>
                {compact ? null : (
                  <Td className="px-3">
                    {/* One line: a long address is cut with '…', the whole of it on hover and on focus (a mail link). */}
                    {entry.email ? (
                      <a
                        href={`mailto:${entry.email}`}
                        title={entry.email}
                        className="block max-w-36 truncate rounded text-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 2xl:max-w-64"
                        data-cell="email"
                      >
                        {entry.email}
                      </a>
                    ) : (
                      '—'
                    )}
                  </Td>
                )}
                <Td className="px-3 whitespace-nowrap" data-cell="phone">
                  {formatPhone(entry.phone)}
                </Td>
                <Td className="px-3">
                  <Badge tone={STATUS_TONE[entry.status]}>{t(entry.status)}</Badge>
                </Td>
                {compact ? null : (
                  <Td className="px-3 whitespace-nowrap">{formatDate(entry.createdAt, { dateStyle: 'short' })}</Td>
                )}
                <Td className="px-3">{actionsOf(entry, true)}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
