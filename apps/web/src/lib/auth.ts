import type { meResponseSchema } from '@app/shared/auth';
import type { PublicUser } from '@app/shared/users';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { signInPath } from '@app/shared/next-path';
import type { z } from 'zod';
import { isAppPath, isBackOfficePath, paths } from '../config/paths';
import { apiRequest, onUnauthorized } from './api-client';
import { clearSession, getToken, setToken } from './session';

/**
 * The session, in one place: the token (localStorage `token`), the signed-in user's
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

/**
 * Where a signed-in user goes: back to `next` (a safe path of this site, already checked by
 * `safeNextPath`, decision 026), else the back office or 'Mon compte'. A back-office address is
 * only followed by whom it is for.
 */
export function pathAfterSignIn(user: Pick<PublicUser, 'role' | 'isAdminValidated' | 'isBlocked'>, next?: string | null): string {
  if (next && (!isBackOfficePath(next) || isBackOfficeUser(user))) return next;
  return homePathOf(user);
}

/** Keeps the token and the user the sign-in answered with; answers where to go (`next` when given). */
export function signIn(queryClient: QueryClient, token: string, user: PublicUser, next?: string | null): string {
  setToken(token);
  queryClient.setQueryData(ME_QUERY_KEY, { user });
  return pathAfterSignIn(user, next);
}

/**
 * Goes to `path` in place of the current entry: inside the app by a navigation, to a page of the
 * server (an event page, the agenda) by a page load.
 */
export function goInstead(navigate: NavigateFunction, path: string): void {
  if (isAppPath(path)) navigate(path, { replace: true });
  else window.location.replace(path);
}

/** The sign-in page, asked to come back here (the current path, query and fragment) afterwards. */
export function signInHere(): string {
  return signInPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
}

/**
 * `POST /api/users/logout`, then the session ends on this device whatever the answer:
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
        navigate(signInHere(), { replace: true });
      }),
    [navigate, queryClient],
  );
}
