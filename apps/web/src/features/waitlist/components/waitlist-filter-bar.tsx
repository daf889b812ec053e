import type { WaitlistFilters } from '../api/get-waitlist';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { waitlistMessages } from '../messages';
import { inputClass } from '../../../components/ui/form/input-style';

interface WaitlistFilterBarProps {
  search: string;
  onSearch: (search: string) => void;
  status: WaitlistFilters['status'];
  onStatus: (status: WaitlistFilters['status']) => void;
  exporting: boolean;
  onExport: () => void;
}

/** Search, status filter and the CSV export of what they select. */
export function WaitlistFilterBar({ search, onSearch, status, onStatus, exporting, onExport }: WaitlistFilterBarProps) {
  const t = useT(waitlistMessages);
  const searchId = useId();
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('status')}
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => onStatus(event.target.value as WaitlistFilters['status'])}
          className={`${inputClass} sm:w-44`}
        >
          <option value="all">{t('all')}</option>
          <option value="pending">{t('pending')}</option>
          <option value="approved">{t('approved')}</option>
          <option value="rejected">{t('rejected')}</option>
        </select>
      </div>
      <Button variant="secondary" onClick={onExport} disabled={exporting}>
        {exporting ? t('exporting') : t('export')}
      </Button>
    </div>
  );
}
