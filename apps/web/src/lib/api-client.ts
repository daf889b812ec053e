import type { ApiError } from '@app/shared/common';
import { type ClientErrorCode, type ErrorCode, isErrorCode } from '@app/shared/errors';
import { getLanguage, localize } from './i18n';
import { clearSession, getToken } from './session';

/** Base `/api`, JSON, 15 000 ms timeout, credentials included, bearer token from localStorage. */
export const API_BASE = '/api';
const API_TIMEOUT_MS = 15_000;

/** An API refusal or a network failure, with the message to show as is (in the current language). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's code (`ERROR_CODES`), or the client's own for a call that got no API answer: branch on this, never on the message. */
    readonly code: ErrorCode | ClientErrorCode,
    readonly body: (ApiError & Record<string, unknown>) | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
  get fieldErrors() {
    return this.body?.fieldErrors;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Erreur de connexion au serveur';
export const TIMEOUT_MESSAGE = 'Timeout de connexion';
/** A call made without a network: what was typed stays in the form (the screens keep their fields). */
export const OFFLINE_MESSAGE = 'Vous êtes hors ligne : rien n’est perdu, réessayez quand la connexion revient.';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called on every 401 of an authenticated call (the back office redirects). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The session was refused (401): it ends on this device, and the screens that listen go to the sign-in page. */
export function sessionRefused(): void {
  clearSession();
  for (const listener of unauthorizedListeners) listener();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as is (multipart). */
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Leave out the bearer token (public calls such as the waiting-list sign-up). */
  anonymous?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const language = getLanguage();
  // The server answers its messages in this language (French when it has no English form).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  const token = options.anonymous ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? API_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (_error) {
    const timedOut = controller.signal.reason === 'timeout';
    const message = timedOut ? TIMEOUT_MESSAGE : globalThis.navigator?.onLine === false ? OFFLINE_MESSAGE : NETWORK_ERROR_MESSAGE;
    throw new ApiRequestError(0, localize(message, language), timedOut ? 'TIMEOUT' : 'NETWORK', null);
  } finally {
    clearTimeout(timeout);
  }

  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const errorBody = data && typeof data === 'object' ? (data as ApiError & Record<string, unknown>) : null;
    if (response.status === 401 && token) sessionRefused();
    throw new ApiRequestError(
      response.status,
      localize(errorBody?.message ?? 'Une erreur est survenue', language),
      isErrorCode(errorBody?.code) ? errorBody.code : 'HTTP_ERROR',
      errorBody,
    );
  }
  return data as T;
}
