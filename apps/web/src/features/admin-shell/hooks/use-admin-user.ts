import type { Permission } from '@app/shared/permissions';
import type { PublicUser } from '@app/shared/users';
import { createContext, useContext } from 'react';

/** The signed-in user, provided by the guard to every back-office screen. */
export const AdminUserContext = createContext<PublicUser | null>(null);

export function useAdminUser(): PublicUser | null {
  return useContext(AdminUserContext);
}

export function useCan(permission: Permission): boolean {
  const user = useAdminUser();
  return !!user && user.permissions.includes(permission);
}
