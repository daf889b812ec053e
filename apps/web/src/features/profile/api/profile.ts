import type { Profile, ProfileSavedResponse, UpdateProfileInput } from '@app/shared/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { profileKeys } from './keys';

/** `GET /api/users/me/profile`: names, username, city and photo of the signed-in account. */
export function useProfile() {
  return useQuery({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => apiRequest<{ profile: Profile }>('/users/me/profile', { signal }).then((answer) => answer.profile),
  });
}

export function updateProfile(changes: UpdateProfileInput): Promise<ProfileSavedResponse> {
  return apiRequest<ProfileSavedResponse>('/users/me/profile', { method: 'PATCH', body: changes });
}

/** `POST /api/users/me/avatar` with the upload's progress (0 to 1). */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<ProfileSavedResponse> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return uploadWithProgress<ProfileSavedResponse>('/users/me/avatar', form, onProgress);
}

export function removeAvatar(): Promise<ProfileSavedResponse> {
  return apiRequest<ProfileSavedResponse>('/users/me/avatar', { method: 'DELETE' });
}

/**
 * After a save: the profile read is the server's answer, and the session's user (`['me']`: names,
 * username, photo shown elsewhere) is read again.
 */
export function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileKeys.profile(), profile);
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  };
}
