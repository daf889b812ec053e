import { formatPhone } from '@app/shared/phone-display';
import type { PartnerDetail } from '@app/shared/partners';
import { useId } from 'react';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useUploadPartnerLogo } from '../api/upload-partner-logo';
import { partnersMessages } from '../messages';
import { useTypeLabel } from './partner-badges';
import { DetailField } from '../../../components/ui/detail-field';

export function InfoTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const typeLabel = useTypeLabel();
  const upload = useUploadPartnerLogo();
  const fileId = useId();
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailField label={t('email')} wide>
          {partner.email}
        </DetailField>
        <DetailField label={t('phone')}>{partner.phone ? formatPhone(partner.phone) : t('none')}</DetailField>
        <DetailField label={t('type')}>{typeLabel(partner.type)}</DetailField>
        <DetailField label={t('website')} wide>
          {partner.website ? (
            <a href={partner.website} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {partner.website}
            </a>
          ) : (
            t('none')
          )}
        </DetailField>
        <DetailField label={t('address')} wide>
          {partner.location.address ?? t('none')}
        </DetailField>
        <DetailField label={t('description')} wide>
          {partner.description ?? t('none')}
        </DetailField>
        <DetailField label={t('eventsCount')}>{partner.eventsCount}</DetailField>
        <DetailField label={t('createdAt')}>{formatDate(partner.createdAt)}</DetailField>
        <DetailField label={t('lastActivity')}>
          {formatDate(partner.lastActivity, { dateStyle: 'medium', timeStyle: 'short' })}
        </DetailField>
      </dl>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('changeLogo')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(
              { id: partner._id, file },
              {
                onSuccess: () => toast.success(t('logoSaved')),
                onError: (error) => toast.error(error.message),
              },
            );
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </div>
    </div>
  );
}
