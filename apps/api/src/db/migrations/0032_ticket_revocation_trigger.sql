-- Decision 045: a participation deleted revokes its ticket, in the transaction of the delete and
-- whatever deletes it (leaving, the organiser removing someone, an account deleted). An event
-- deleted takes its participations with it: nothing is revoked then (the event is already gone).
CREATE OR REPLACE FUNCTION revoke_participation_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_revocations (ticket_id, event_id)
    SELECT OLD.ticket_id, OLD.event_id WHERE EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_participations_revoke_ticket AFTER DELETE ON event_participations
  FOR EACH ROW EXECUTE FUNCTION revoke_participation_ticket();
