import { z } from 'zod';
import { emailSchema, pageOf, pageQuerySchema, requiredText, uuidParam } from './common';
import { ADMIN_STATUSES, USER_REPORT_FILTERS } from './admin-lists';
import { PERMISSIONS, ROLES } from './permissions';
import { activitySchema, reportSchema } from './community';
import { publicUserSchema } from './users';

export {
  ADMIN_STATUSES,
  type AdminStatus,
  adminStatus,
  PERMISSION_GROUPS,
  USER_REPORT_FILTERS,
  type UserReportFilter,
} from './admin-lists';

const permissionListSchema = z
  .array(z.enum(PERMISSIONS, { message: 'Permission inconnue' }))
  .max(PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

/** An account as the administration screen sees it: `grantedPermissions` is the stored list. */
export const managedUserSchema = publicUserSchema.extend({
  grantedPermissions: z.array(z.enum(PERMISSIONS)),
  adminStatus: z.enum(ADMIN_STATUSES).nullable(),
  /** Open reports on this account. */
  reportsCount: z.number().int().min(0),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** `GET /users/{id}` of a user (role user or partner): counts, recent activities and reports. */
export const managedUserDetailSchema = managedUserSchema.extend({
  counts: z
    .object({
      events: z.number().int(),
      participations: z.number().int(),
      comments: z.number().int(),
      likes: z.number().int(),
    })
    .optional(),
  recentActivity: z.array(activitySchema).optional(),
  reports: z.array(reportSchema).optional(),
});
export type ManagedUserDetail = z.infer<typeof managedUserDetailSchema>;

/** `GET /users`: `role=admin` lists admin and superadmin accounts; no role or `role=user` the users. */
export const listUsersQuerySchema = pageQuerySchema.extend({
  role: z.enum(['admin', 'user', 'partner']).optional(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'validated', 'pending', 'blocked', 'active']).default('all'),
  /** Users with open reports or without; ignored for `role=admin`. */
  reports: z.enum(USER_REPORT_FILTERS).default('all'),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const adminCountsSchema = z.object({
  all: z.number().int(),
  validated: z.number().int(),
  pending: z.number().int(),
  blocked: z.number().int(),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;

export const listUsersResponseSchema = pageOf(managedUserSchema).extend({
  /** Per status, for `role=admin` (search applied, status filter not). */
  counts: adminCountsSchema.optional(),
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export const userResponseSchema = z.object({ message: z.string().optional(), user: managedUserSchema });
export const userDetailResponseSchema = z.object({ user: managedUserDetailSchema });
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;

/** `PUT /users/{id}`: approve (`isAdminValidated: true`) and/or change the granted permissions. */
export const updateAdminSchema = z
  .strictObject({
    permissions: permissionListSchema.optional(),
    isAdminValidated: z.boolean().optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine((value) => value.permissions !== undefined || value.isAdminValidated !== undefined || value.role !== undefined, {
    message: 'Aucune modification demandée',
  });
export type UpdateAdminInput = z.input<typeof updateAdminSchema>;

export const userActionParamsSchema = z.object({
  id: uuidParam,
  action: z.enum(['block', 'unblock'], { message: 'Action inconnue : block ou unblock' }),
});

export const ADMIN_PASSWORD_MIN = 8;

/** `POST /users`: the admin-creation payload. */
export const createAdminSchema = z.strictObject({
  firstName: requiredText('Le prénom est requis', 100),
  lastName: requiredText('Le nom est requis', 100),
  email: emailSchema({ required: 'L’adresse e-mail est requise', tooLong: '254 caractères au maximum' }),
  password: z
    .string({ message: 'Le mot de passe est requis' })
    .min(1, { message: 'Le mot de passe est requis' })
    .min(ADMIN_PASSWORD_MIN, { message: `Le mot de passe doit contenir au moins ${ADMIN_PASSWORD_MIN} caractères` })
    .max(256, { message: '256 caractères au maximum' }),
  permissions: permissionListSchema.default([]),
  role: z.literal('admin', { message: 'Le rôle doit être admin' }).default('admin'),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;
export type CreateAdminBody = z.output<typeof createAdminSchema>;

/** One line of the audit log, with the actor's name when the account still exists. */
export const auditEntrySchema = z.object({
  _id: z.uuid(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({ items: z.array(auditEntrySchema) });
