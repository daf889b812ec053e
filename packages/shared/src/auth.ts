import { z } from 'zod';
import { publicUserSchema } from './users';

export const loginSchema = z
  .object({
    identifier: z.string().trim().max(254).default(''),
    password: z.string().max(1024).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.identifier && !value.password) {
      ctx.addIssue({ code: 'custom', message: 'Identifiant et mot de passe requis', path: ['identifier'] });
    } else if (!value.identifier) {
      ctx.addIssue({ code: 'custom', message: 'Identifiant requis', path: ['identifier'] });
    } else if (!value.password) {
      ctx.addIssue({ code: 'custom', message: 'Mot de passe requis', path: ['password'] });
    }
  });
export type LoginInput = z.input<typeof loginSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: publicUserSchema });
