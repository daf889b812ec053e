import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@app/shared/common';
import {
  AVATAR_MAX_BYTES,
  PROFILE_MESSAGES,
  profileResponseSchema,
  profileSavedResponseSchema,
  updateProfileSchema,
} from '@app/shared/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, multipartRequired } from '../../lib/errors';
import { actorOf, errorResponses, perAccountKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { getProfile, type ProfileDeps, removeAvatar, setAvatar, updateProfile } from './profile.service';

/** Each photo is decoded and re-encoded, the costliest work here: 20 per hour per account. */
const AVATAR_RATE = {
  max: 20,
  timeWindow: '1 hour',
  keyGenerator: perAccountKey('avatar'),
};

/** The one image of a multipart form, under the field `avatar`. */
async function readAvatar(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw multipartRequired();
  let avatar: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'avatar') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(PROFILE_MESSAGES.avatarOnlyField, { avatar: [PROFILE_MESSAGES.avatarRequired] });
      }
      const data = await part.toBuffer();
      if (data.length > 0) avatar = { name: (part.filename || 'photo').slice(0, 100), data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', PROFILE_MESSAGES.avatarTooLarge, { avatar: [PROFILE_MESSAGES.avatarTooLarge] });
    }
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(PROFILE_MESSAGES.avatarOnlyOne, { avatar: [PROFILE_MESSAGES.avatarOnlyOne] });
    throw error;
  }
  if (!avatar) throw badRequest(PROFILE_MESSAGES.avatarRequired, { avatar: [PROFILE_MESSAGES.avatarRequired] });
  return avatar;
}

/**
 * 'Mon profil' (issue 27 item 8, decision 046): the signed-in account's own names, username,
 * city and photo. No identifier in any path: nobody reaches another account's profile here.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });
  const deps = (): ProfileDeps => ({ db: app.db, storage: app.storage, log: app.log });

  app.get(
    '/users/me/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Le profil du compte : prénom, nom, nom d’utilisateur, ville, photo',
        response: { 200: profileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ profile: await getProfile(deps(), actorOf(request).id) }),
  );

  app.patch(
    '/users/me/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary:
          'Modifie le profil (les champs envoyés) ; le nom d’utilisateur suit les règles de l’inscription (409 s’il est pris, ou ressemble à un autre)',
        body: updateProfileSchema,
        response: { 200: profileSavedResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: PROFILE_MESSAGES.saved,
      profile: await updateProfile(deps(), actorOf(request).id, request.body),
    }),
  );

  app.post(
    '/users/me/avatar',
    {
      config: { access: 'authenticated', rateLimit: AVATAR_RATE },
      schema: {
        tags: ['account'],
        summary:
          'Photo de profil (multipart, champ avatar, 10 Mo au plus) : vérifiée par son contenu, carrée, ré-encodée en WebP',
        consumes: ['multipart/form-data'],
        response: { 200: profileSavedResponseSchema, ...SIGNED_IN_ERRORS, 413: apiErrorSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const userId = actorOf(request).id;
      const file = await readAvatar(request);
      return { message: PROFILE_MESSAGES.avatarSaved, profile: await setAvatar(deps(), userId, file) };
    },
  );

  app.delete(
    '/users/me/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Retire la photo de profil',
        response: { 200: profileSavedResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ message: PROFILE_MESSAGES.avatarRemoved, profile: await removeAvatar(deps(), actorOf(request).id) }),
  );
};
