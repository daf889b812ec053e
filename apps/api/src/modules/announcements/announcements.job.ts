import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { cancelUnsent, claimDue, findAnnouncedEvent } from './announcements.repository';
import { deliverAnnouncement } from './announcements.service';

/*
 * Scheduled announcements (decision 067): each due one is claimed (its row locked, `skip locked`
 * for another instance) and sent in one transaction that writes its `sent_at`, so it goes out
 * once whatever the number of instances running this job. One announcement per transaction: a
 * large event's fan-out does not hold the others.
 */

/** Announcements sent per run at most (the next run, a minute later, sends the rest). */
const PER_RUN = 20;

export interface DueAnnouncementsDeps {
  db: Database;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** Sends the scheduled announcements now due; answers how many were sent. */
export async function sendDueAnnouncements(deps: DueAnnouncementsDeps, now = new Date()): Promise<number> {
  let sent = 0;
  try {
    for (let run = 0; run < PER_RUN; run += 1) {
      const done = await deps.db.transaction(async (tx) => {
        const [due] = await claimDue(tx, 1);
        if (!due) return false;
        const event = await findAnnouncedEvent(tx, due.eventId);
        // An event cancelled since: its participants were told so, an announcement would contradict it.
        if (!event || event.status === 'cancelled') await cancelUnsent(tx, due.id);
        else {
          await deliverAnnouncement(tx, event, due, deps.publicUrl, now);
          sent += 1;
        }
        return true;
      });
      if (!done) break;
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'scheduled announcements not sent; tried again at the next run');
  }
  return sent;
}
