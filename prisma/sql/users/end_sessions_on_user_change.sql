-- Who a user is, decided in the database: when a user's role or account changes, or the user is
-- disabled, every session of theirs ends in the same statement, whatever made the change (a service,
-- the CLI, SQL by hand). Sign-out, password changes and resets end sessions in their services, which
-- know which session (if any) to keep.
CREATE OR REPLACE FUNCTION end_sessions_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_sessions
     SET ended_at = now(),
         end_reason = CASE WHEN NEW.disabled_at IS NOT NULL AND OLD.disabled_at IS NULL THEN 'disabled' ELSE 'role_changed' END
   WHERE user_id = NEW.id AND ended_at IS NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_end_sessions
  AFTER UPDATE OF role, account_id, disabled_at ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
     OR OLD.account_id IS DISTINCT FROM NEW.account_id
     OR (OLD.disabled_at IS NULL AND NEW.disabled_at IS NOT NULL))
  EXECUTE FUNCTION end_sessions_on_user_change();
