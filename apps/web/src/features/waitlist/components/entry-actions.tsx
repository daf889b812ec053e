import type { WaitlistEntry } from '@app/shared/waitlist';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { WaitlistAction } from '../api/update-entry';
import { waitlistMessages } from '../messages';

interface EntryActionsProps {
  entry: WaitlistEntry;
  /** The desktop table: compact icon buttons (named, with a tooltip) so a row stays one line at 1280 px. */
  oneLine?: boolean;
  busy: boolean;
  onRun: (action: Exclude<WaitlistAction, 'delete'>) => void;
  /** 'Supprimer' asks first. */
  onAskDelete: () => void;
}

/** An entry's actions: approve and reject while it waits, delete always; worded buttons on phones. */
export function EntryActions({ entry, oneLine = false, busy, onRun, onAskDelete }: EntryActionsProps) {
  const t = useT(waitlistMessages);
  const label = (text: string, icon: ReactNode) =>
    oneLine ? { 'aria-label': text, title: text, children: <span aria-hidden="true">{icon}</span> } : { children: text };
  return (
    <fieldset
      className={`flex min-w-0 gap-2 ${oneLine ? 'flex-nowrap' : 'flex-wrap'}`}
      aria-label={t('actionsFor', { name: entry.name })}
      data-cell="actions"
    >
      {entry.status === 'pending' ? (
        <>
          <Button
            size="sm"
            variant="success"
            className={oneLine ? 'w-9 px-0' : ''}
            disabled={busy}
            onClick={() => onRun('approve')}
            {...label(t('approve'), '✓')}
          />
          <Button
            size="sm"
            variant="secondary"
            className={oneLine ? 'w-9 px-0' : ''}
            disabled={busy}
            onClick={() => onRun('reject')}
            {...label(t('reject'), '✕')}
          />
        </>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        className={`text-red-700 hover:bg-red-50 ${oneLine ? 'w-9 px-0' : ''}`}
        onClick={onAskDelete}
        {...label(
          t('delete'),
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            <path d="M8 2h4a1 1 0 0 1 1 1v1h4v2H3V4h4V3a1 1 0 0 1 1-1Zm-3 5h10l-.8 10.1A1 1 0 0 1 13.2 18H6.8a1 1 0 0 1-1-.9L5 7Z" />
          </svg>,
        )}
      />
    </fieldset>
  );
}
