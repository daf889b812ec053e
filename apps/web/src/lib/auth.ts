import type { meResponseSchema } from '@app/shared/auth';
import type { PublicUser } from '@app/shared/users';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../config/paths';
import { apiRequest, onUnauthorized } from './api-client';
import { clearSession, getToken, setToken } from './session';

/**
 * The session, in one place: the token (localStorage `token`, spec §3), the signed-in user's
 * query (`['me']`), signing in and out, and where each leads.
 */
export type MeResponse = z.infer<typeof meResponseSchema>;

const ME_QUERY_KEY = ['me'] as const;

/** The session check (`GET /api/users/me`): the user with effective permissions. */
const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<MeResponse>('/users/me', { signal }),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in user; no call at all without a token. */
export function useMe() {
  return useQuery({ ...meQueryOptions, enabled: hasSession() });
}

export function hasSession(): boolean {
  return !!getToken();
}

/** A superadmin, or an administrator approved and not blocked: the back office is theirs. */
export function isBackOfficeUser(user: Pick<PublicUser, 'role' | 'isAdminValidated' | 'isBlocked'>): boolean {
  return !user.isBlocked && (user.role === 'superadmin' || (user.role === 'admin' && user.isAdminValidated));
}

/** Where a user goes once signed in: the back office, or 'Mon compte' for everyone else. */
function homePathOf(user: Pick<PublicUser, 'role' | 'isAdminValidated' | 'isBlocked'>): string {
  return isBackOfficeUser(user) ? paths.admin.root : paths.account;
}

/** Keeps the token and the user the sign-in answered with; answers where to go. */
export function signIn(queryClient: QueryClient, token: string, user: PublicUser): string {
  setToken(token);
  queryClient.setQueryData(ME_QUERY_KEY, { user });
  return homePathOf(user);
}

/**
 * `POST /api/users/logout`, then the session ends on this device whatever the answer (spec §4):
 * token removed, every cached answer dropped.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest('/users/logout', { method: 'POST' });
  } catch {
    // the session ends on this device in any case
  } finally {
    clearSession();
    queryClient.clear();
  }
}

/** While mounted: any 401 of a signed-in call (session revoked or expired) drops the cache and leads to sign-in. */
export function useSignInOnUnauthorized(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        navigate(paths.signIn, { replace: true });
      }),
    [navigate, queryClient],
  );
}
