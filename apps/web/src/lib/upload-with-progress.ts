import type { ApiError } from '@app/shared/common';
import { isErrorCode } from '@app/shared/errors';
import { API_BASE, ApiRequestError, NETWORK_ERROR_MESSAGE } from './api-client';
import { getLanguage, localize } from './i18n';
import { getToken } from './session';

/**
 * A multipart POST to the API through XMLHttpRequest, which, unlike fetch, reports the upload's
 * progress: `onProgress` gets the fraction sent (0 to 1). Answers the JSON, or throws an
 * ApiRequestError with the server's message (and field errors).
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', getLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, localize(NETWORK_ERROR_MESSAGE, getLanguage()), 'NETWORK', null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const data = body && typeof body === 'object' ? (body as ApiError & Record<string, unknown>) : null;
      reject(
        new ApiRequestError(
          xhr.status,
          localize(data?.message ?? 'Une erreur est survenue', getLanguage()),
          isErrorCode(data?.code) ? data.code : 'HTTP_ERROR',
          data,
        ),
      );
    };
    xhr.send(form);
  });
}
