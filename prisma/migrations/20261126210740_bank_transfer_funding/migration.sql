-- CreateEnum
CREATE TYPE "FundingAccountStatus" AS ENUM ('PENDING', 'ACTIVE', 'FAILED', 'DEACTIVATED');

-- CreateEnum
CREATE TYPE "BankTransferStatus" AS ENUM ('CREDITED', 'UNMATCHED', 'RETURNED');

-- CreateTable
CREATE TABLE "funding_accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    "provider" TEXT NOT NULL,
    "status" "FundingAccountStatus" NOT NULL,
    "provider_customer_code" TEXT,
    "provider_customer_id" TEXT,
    "provider_account_id" TEXT,
    "bank_name" TEXT,
    "bank_slug" TEXT,
    "account_number" TEXT,
    "account_name" TEXT,
    "failure_reason" TEXT,
    "requested_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assigned_at" TIMESTAMPTZ(3),

    CONSTRAINT "funding_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_transfers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "provider_transaction_id" TEXT,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    "status" "BankTransferStatus" NOT NULL,
    "account_id" UUID,
    "funding_account_id" UUID,
    "amount" BIGINT NOT NULL,
    "provider_fee" BIGINT NOT NULL,
    "fee" BIGINT,
    "credited" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'NGN',
    "channel" TEXT NOT NULL,
    "payer_name" TEXT,
    "payer_bank" TEXT,
    "payer_account_number" TEXT,
    "narration" TEXT,
    "receiver_account_number" TEXT,
    "customer_code" TEXT,
    "paid_at" TIMESTAMPTZ(3) NOT NULL,
    "unmatched_reason" TEXT,
    "recorded_via" TEXT NOT NULL,
    "ledger_entry_id" BIGINT,
    "resolution_note" TEXT,
    "resolved_by" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "credited_at" TIMESTAMPTZ(3),

    CONSTRAINT "bank_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_leases" (
    "name" TEXT NOT NULL,
    "leased_until" TIMESTAMPTZ(3) NOT NULL,
    "last_started_at" TIMESTAMPTZ(3),
    "last_finished_at" TIMESTAMPTZ(3),
    "last_result" JSONB,

    CONSTRAINT "job_leases_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "funding_accounts_account_id_livemode_provider_key" ON "funding_accounts"("account_id", "livemode", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "funding_accounts_provider_provider_customer_code_key" ON "funding_accounts"("provider", "provider_customer_code");

-- CreateIndex
CREATE UNIQUE INDEX "funding_accounts_provider_account_number_key" ON "funding_accounts"("provider", "account_number");

-- CreateIndex
CREATE UNIQUE INDEX "bank_transfers_ledger_entry_id_key" ON "bank_transfers"("ledger_entry_id");

-- CreateIndex
CREATE INDEX "bank_transfers_status_created_at_idx" ON "bank_transfers"("status", "created_at");

-- CreateIndex
CREATE INDEX "bank_transfers_account_id_created_at_idx" ON "bank_transfers"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "bank_transfers_provider_reference_key" ON "bank_transfers"("provider", "reference");

-- AddForeignKey
ALTER TABLE "funding_accounts" ADD CONSTRAINT "funding_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "funding_accounts" ADD CONSTRAINT "funding_accounts_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_funding_account_id_fkey" FOREIGN KEY ("funding_account_id") REFERENCES "funding_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_ledger_entry_id_fkey" FOREIGN KEY ("ledger_entry_id") REFERENCES "ledger_entries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Funding by bank transfer (README "Funding by bank transfer"): hand-written below this line.

-- Only the simulated provider lives in test mode, and only there: a test-mode transfer can only ever
-- credit a test wallet (its ledger entry takes the transfer's mode), and a live one a live wallet.
ALTER TABLE "funding_accounts" ADD CONSTRAINT "funding_accounts_provider_mode" CHECK (("provider" = 'simulated') = (NOT "livemode"));
ALTER TABLE "funding_accounts" ADD CONSTRAINT "funding_accounts_active_has_number" CHECK ("status" <> 'ACTIVE' OR "account_number" IS NOT NULL);
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_provider_mode" CHECK (("provider" = 'simulated') = (NOT "livemode"));
-- A credit is the amount less the fee taken off it, never nothing; both are set together, when credited.
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_amounts" CHECK (
  "amount" > 0 AND "provider_fee" >= 0 AND ("fee" IS NULL) = ("credited" IS NULL)
  AND ("credited" IS NULL OR ("fee" >= 0 AND "credited" > 0 AND "credited" + "fee" = "amount"))
);
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_credited_to_an_account" CHECK (
  "status" <> 'CREDITED' OR ("account_id" IS NOT NULL AND "credited" IS NOT NULL AND "credited_at" IS NOT NULL)
);
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_uncredited_say_why" CHECK ("status" = 'CREDITED' OR "unmatched_reason" IS NOT NULL);

-- Test mode's simulated account numbers: 99 and eight digits, one per account, never reused.
CREATE SEQUENCE "simulated_account_numbers" MINVALUE 1 MAXVALUE 99999999 NO CYCLE;

-- Credits a transfer recorded as CREDITED (by record_bank_transfer or assign_bank_transfer) to its
-- account's wallet of its mode: the balance, one FUNDING ledger entry (whose trigger writes the
-- wallet.funded event) and the transfer's link to that entry. Called only from those two functions,
-- in their statement.
CREATE FUNCTION credit_bank_transfer(p_transfer_id uuid, p_user_id uuid) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transfer bank_transfers;
  v_entry_id bigint;
BEGIN
  SELECT * INTO STRICT v_transfer FROM bank_transfers WHERE id = p_transfer_id AND status = 'CREDITED' AND ledger_entry_id IS NULL;
  WITH credited AS (
    UPDATE wallets SET balance = balance + v_transfer.credited, updated_at = now()
    WHERE account_id = v_transfer.account_id AND livemode = v_transfer.livemode
    RETURNING account_id, livemode, balance
  )
  INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, funding_reference, user_id, note)
  SELECT account_id, livemode, 'FUNDING', v_transfer.credited, balance, v_transfer.reference, p_user_id,
         concat_ws(' ', CASE WHEN v_transfer.livemode THEN 'Bank transfer' ELSE 'Simulated bank transfer' END,
                   'from ' || v_transfer.payer_name, '(' || v_transfer.payer_bank || ')')
  FROM credited
  RETURNING id INTO v_entry_id;
  IF v_entry_id IS NULL THEN
    RAISE EXCEPTION 'account % has no wallet (livemode %)', v_transfer.account_id, v_transfer.livemode;
  END IF;
  UPDATE bank_transfers SET ledger_entry_id = v_entry_id WHERE id = p_transfer_id;
  RETURN v_entry_id;
END
$fn$;

-- A transfer the provider confirmed, recorded exactly once: the unique (provider, reference) is the
-- claim. A repeat (a webhook sent again, the reconciler, another process, after a crash) finds the row
-- and changes nothing; a simultaneous one waits on the index for this one to commit, then finds it.
-- Matched to the funding account it was paid to (the provider's customer, else the receiving account
-- number) and credited, net of the provider's fee when p_deduct_fee; anything that does not match
-- (p_mismatch from the caller, an unknown, pending, failed or deactivated funding account, another
-- receiving account, a currency other than NGN, a fee as large as the amount, a reference the account
-- was already funded with by hand) is recorded UNMATCHED with the reason, for the operators' queue.
-- One statement for the caller, so a crash leaves either nothing or the whole of it.
CREATE FUNCTION record_bank_transfer(
  p_provider text, p_reference text, p_provider_transaction_id text, p_amount bigint, p_provider_fee bigint,
  p_currency text, p_channel text, p_payer_name text, p_payer_bank text, p_payer_account_number text,
  p_narration text, p_receiver_account_number text, p_customer_code text, p_paid_at timestamptz,
  p_deduct_fee boolean, p_mismatch text, p_recorded_via text
) RETURNS TABLE (transfer_id uuid, transfer_status "BankTransferStatus", newly_recorded boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_account funding_accounts;
  v_found boolean := false;
  v_reason text := p_mismatch;
  v_fee bigint := CASE WHEN p_deduct_fee THEN p_provider_fee ELSE 0 END;
  v_id uuid;
BEGIN
  IF v_reason IS NULL THEN
    SELECT * INTO v_account FROM funding_accounts f
    WHERE f.provider = p_provider
      AND CASE WHEN p_customer_code IS NOT NULL THEN f.provider_customer_code = p_customer_code
               ELSE f.account_number = p_receiver_account_number END;
    v_found := FOUND;
    v_reason := CASE
      WHEN NOT v_found THEN 'No account of ours has this dedicated account or customer.'
      WHEN v_account.status <> 'ACTIVE' THEN format('The account''s funding account is %s.', lower(v_account.status::text))
      WHEN p_receiver_account_number IS NOT NULL AND p_receiver_account_number IS DISTINCT FROM v_account.account_number
        THEN format('Paid into %s, which is not the account''s dedicated account (%s).', p_receiver_account_number, v_account.account_number)
      WHEN p_currency <> 'NGN' THEN format('Paid in %s, not NGN.', p_currency)
      WHEN p_amount <= v_fee THEN 'The fee is not less than the amount paid.'
      WHEN EXISTS (SELECT 1 FROM ledger_entries l WHERE l.account_id = v_account.account_id AND l.funding_reference = p_reference)
        THEN 'The account was already funded with this reference by hand: check before assigning.'
    END;
  END IF;

  INSERT INTO bank_transfers AS b (
    provider, reference, provider_transaction_id, livemode, status, account_id, funding_account_id, amount, provider_fee,
    fee, credited, currency, channel, payer_name, payer_bank, payer_account_number, narration, receiver_account_number,
    customer_code, paid_at, unmatched_reason, recorded_via, credited_at
  ) VALUES (
    p_provider, p_reference, p_provider_transaction_id, p_provider <> 'simulated',
    CASE WHEN v_reason IS NULL THEN 'CREDITED' ELSE 'UNMATCHED' END::"BankTransferStatus",
    CASE WHEN v_reason IS NULL THEN v_account.account_id END, CASE WHEN v_found THEN v_account.id END,
    p_amount, p_provider_fee,
    CASE WHEN v_reason IS NULL THEN v_fee END, CASE WHEN v_reason IS NULL THEN p_amount - v_fee END,
    p_currency, p_channel, p_payer_name, p_payer_bank, p_payer_account_number, p_narration, p_receiver_account_number,
    p_customer_code, p_paid_at, v_reason, p_recorded_via, CASE WHEN v_reason IS NULL THEN now() END
  )
  ON CONFLICT (provider, reference) DO NOTHING
  RETURNING b.id INTO v_id;

  IF v_id IS NULL THEN
    RETURN QUERY SELECT b.id, b.status, false FROM bank_transfers b WHERE b.provider = p_provider AND b.reference = p_reference;
    RETURN;
  END IF;
  IF v_reason IS NULL THEN
    PERFORM credit_bank_transfer(v_id, NULL);
  END IF;
  RETURN QUERY SELECT v_id, CASE WHEN v_reason IS NULL THEN 'CREDITED' ELSE 'UNMATCHED' END::"BankTransferStatus", true;
END
$fn$;

-- An operator assigns an unmatched transfer to an account: credited as record_bank_transfer would have
-- (net of the fee when p_deduct_fee), once. Only an UNMATCHED transfer changes, under its row lock, so
-- two operators assigning at once credit it once; returns no row when it was no longer unmatched.
CREATE FUNCTION assign_bank_transfer(
  p_transfer_id uuid, p_account_id uuid, p_deduct_fee boolean, p_user_id uuid, p_resolved_by text, p_note text
) RETURNS TABLE (transfer_id uuid, ledger_entry_id bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_id uuid;
BEGIN
  UPDATE bank_transfers b
  SET status = 'CREDITED', account_id = p_account_id,
      fee = CASE WHEN p_deduct_fee THEN b.provider_fee ELSE 0 END,
      credited = b.amount - CASE WHEN p_deduct_fee THEN b.provider_fee ELSE 0 END,
      credited_at = now(), resolved_by = p_resolved_by, resolved_at = now(), resolution_note = p_note
  WHERE b.id = p_transfer_id AND b.status = 'UNMATCHED'
  RETURNING b.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT v_id, credit_bank_transfer(v_id, p_user_id);
END
$fn$;
