import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { accountRightsMessages } from '../account-rights-messages';
import { downloadMyData } from '../api/account-rights';
import { ProfileSection } from './contact-section';

/** 'Mes données': the account's data as a JSON file (decision 048), and what is kept and why. */
export function DataSection() {
  const t = useT(accountRightsMessages);
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toast.success(t('downloaded')),
  });
  return (
    <ProfileSection id="donnees" title={t('dataTitle')}>
      <p className="mb-4 text-sm text-slate-600">{t('dataIntro')}</p>
      {download.isError ? <Alert className="mb-3">{download.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? t('downloading') : t('download')}
        </Button>
        {/* A page of the server (decision 027): left with a page load. */}
        <a href={paths.privacy} className="text-sm font-medium text-brand-800 underline underline-offset-4">
          {t('privacyLink')}
        </a>
      </div>
    </ProfileSection>
  );
}
