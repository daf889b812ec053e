import { ContactSection } from '../../../features/profile/components/contact-section';
import { DataSection } from '../../../features/profile/components/data-section';
import { DeleteAccountSection } from '../../../features/profile/components/delete-account-section';
import { DevicesSection } from '../../../features/profile/components/devices-section';
import { InfoSection } from '../../../features/profile/components/info-section';
import { NotificationsSection } from '../../../features/profile/components/notifications-section';
import { PasswordSection } from '../../../features/profile/components/password-section';
import { PhotoSection } from '../../../features/profile/components/photo-section';
import { profileMessages } from '../../../features/profile/messages';
import { useT } from '../../../lib/i18n';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * /mon-compte/profil (issue 27 item 8, decisions 039, 046, 048): one section after another, each
 * its own component in features/profile/components, loading, failing and saving on its own.
 */
export function ProfilePage() {
  const t = useT(profileMessages);
  // A link to one section (`#notifications`, `#appareils`) shows it: at once (the sections are there
  // from the first render), and once more when they have first loaded, which moves the ones below.
  const { hash } = useLocation();
  const loaded = useIsFetching() === 0;
  const shownAfterLoad = useRef<string | null>(null);
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  useEffect(() => {
    if (!hash || !loaded || shownAfterLoad.current === hash) return;
    shownAfterLoad.current = hash;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, loaded]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <InfoSection />
      <PhotoSection />
      <ContactSection />
      <PasswordSection />
      <NotificationsSection />
      <DevicesSection />
      <DataSection />
      <DeleteAccountSection />
    </div>
  );
}
