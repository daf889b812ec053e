import { ContactSection } from '../../../features/profile/components/contact-section';
import { DataSection } from '../../../features/profile/components/data-section';
import { DeleteAccountSection } from '../../../features/profile/components/delete-account-section';
import { DevicesSection } from '../../../features/profile/components/devices-section';
import { InfoSection } from '../../../features/profile/components/info-section';
import { PasswordSection } from '../../../features/profile/components/password-section';
import { PhotoSection } from '../../../features/profile/components/photo-section';
import { profileMessages } from '../../../features/profile/messages';
import { useT } from '../../../lib/i18n';

/**
 * /mon-compte/profil (issue 27 item 8, decisions 039, 046, 048): one section after another, each
 * its own component in features/profile/components, loading, failing and saving on its own.
 */
export function ProfilePage() {
  const t = useT(profileMessages);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <InfoSection />
      <PhotoSection />
      <ContactSection />
      <PasswordSection />
      <DevicesSection />
      <DataSection />
      <DeleteAccountSection />
    </div>
  );
}
