import { ContactSection } from '../../../features/profile/components/contact-section';
import { DataSection } from '../../../features/profile/components/data-section';
import { DeleteAccountSection } from '../../../features/profile/components/delete-account-section';
import { accountRightsMessages } from '../../../features/profile/account-rights-messages';
import { useT } from '../../../lib/i18n';

/** /mon-compte/profil: the profile, one section per concern (issue 27 item 8, decisions 039, 046, 048). */
export function ProfilePage() {
  const t = useT(accountRightsMessages);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('profileTitle')}</h1>
      <ContactSection />
      <DataSection />
      <DeleteAccountSection />
    </div>
  );
}
