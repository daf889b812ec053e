import { z } from 'zod';
import { PERMISSIONS, ROLES } from './permissions';

export const userStatusSchema = z.enum(['active', 'blocked', 'pending']);

/** A user as the API shows it: never a secret. `permissions` are the effective ones. */
export const publicUserSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  isAdminValidated: z.boolean(),
  isBlocked: z.boolean(),
  isVerified: z.boolean(),
  requestedAdminType: z.enum(['admin', 'superadmin']).nullable(),
  status: userStatusSchema,
  avatar: z.string().nullable(),
  lockUntil: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
