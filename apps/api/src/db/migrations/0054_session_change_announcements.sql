-- Decision 070: each API instance keeps the sessions it has just checked in memory, and forgets
-- those of an account as soon as the database announces a change to them on the channel
-- 'session_changed' (payload: the account's id), whatever made the change (a request on any
-- instance, a job, a person at the SQL prompt). Announced: a session revoked, moved or deleted,
-- and an account whose access changes (role, permissions, validation, block, verification). An
-- account deleted takes its sessions with it, so their deletion announces it; a table emptied by TRUNCATE
-- announces an empty payload: every kept session is forgotten.
CREATE OR REPLACE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_account_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
  )
  EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_access_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.permissions IS DISTINCT FROM NEW.permissions
    OR OLD.is_admin_validated IS DISTINCT FROM NEW.is_admin_validated OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked
    OR OLD.is_verified IS DISTINCT FROM NEW.is_verified
  )
  EXECUTE FUNCTION announce_account_access_change();
--> statement-breakpoint
-- A table emptied at once (TRUNCATE, no row trigger runs): every kept session is forgotten (empty payload).
CREATE OR REPLACE FUNCTION announce_sessions_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_sessions_emptied();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION announce_sessions_emptied();
