import { AdministrationScreen } from '../../../features/admins/components/administration-screen';

export function AdministrationPage() {
  return <AdministrationScreen />;
}
