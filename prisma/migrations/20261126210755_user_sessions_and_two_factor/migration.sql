-- AlterTable
ALTER TABLE "users" DROP COLUMN "sessions_valid_from",
ADD COLUMN     "password_changed_at" TIMESTAMPTZ(3),
ADD COLUMN     "password_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "password_must_change" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_step" BIGINT,
ADD COLUMN     "totp_pending_secret" TEXT,
ADD COLUMN     "totp_secret" TEXT;

-- CreateTable
CREATE TABLE "user_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sign_in_ip" TEXT,
    "last_seen_ip" TEXT,
    "user_agent" TEXT,
    "method" TEXT NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" TEXT,

    CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_challenges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sign_in_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recovery_codes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "user_sessions_user_id_created_at_idx" ON "user_sessions"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_challenges_token_hash_key" ON "sign_in_challenges"("token_hash");

-- CreateIndex
CREATE INDEX "sign_in_challenges_user_id_idx" ON "sign_in_challenges"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");

-- AddForeignKey
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Who a user is, decided in the database: when a user's role or account changes, or the user is
-- disabled, every session of theirs ends in the same statement, whatever made the change (a service,
-- the CLI, SQL by hand). Sign-out, password changes and resets end sessions in their services, which
-- know which session (if any) to keep.
CREATE FUNCTION end_sessions_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_sessions
     SET ended_at = now(),
         end_reason = CASE WHEN NEW.disabled_at IS NOT NULL AND OLD.disabled_at IS NULL THEN 'disabled' ELSE 'role_changed' END
   WHERE user_id = NEW.id AND ended_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_end_sessions
  AFTER UPDATE OF role, account_id, disabled_at ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
     OR OLD.account_id IS DISTINCT FROM NEW.account_id
     OR (OLD.disabled_at IS NULL AND NEW.disabled_at IS NOT NULL))
  EXECUTE FUNCTION end_sessions_on_user_change();
