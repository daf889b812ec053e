import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Rate-limit counters: in Redis ('up'), in-process because Redis fails ('down'), or no REDIS_URL ('disabled'). */
  redis: z.enum(['up', 'down', 'disabled']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
