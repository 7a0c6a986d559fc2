"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { buttonClass } from "~/components/ui/buttons";
import { Field, TextField } from "~/components/ui/fields";
import { Empty, Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemActions, ResponsiveList } from "~/components/ui/responsive-list";
import { UserFacts } from "~/components/user-facts";
import { TemporaryPasswordNotice, UserSignInActions, type TemporaryPassword } from "~/components/user-sign-in-actions";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { fieldsOf, formAlert, readProblem, type Problem } from "../../_components/problem";
import { ConfirmChangeDialog, useConfirmedChange } from "./confirmed-change";
import { useRefreshAccount } from "./use-refresh-account";

interface UserChoice {
  userId: string;
  email: string;
}

// The same columns as the owner's Team page, so both read a person the same way.
const USER_COLUMNS = "sm:grid-cols-[minmax(0,2.4fr)_5rem_minmax(0,1fr)_6rem_7rem]";

/** The account's people: who they are, adding an owner or staff member, disabling and enabling. */
export function UsersPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const users = useQuery(trpc.operator.users.queryOptions({ accountId }, { retry: retryUnlessRefused }));
  const [adding, setAdding] = useState(false);
  const change = useConfirmedChange<UserChoice>();
  const [issued, setIssued] = useState<TemporaryPassword | null>(null);
  const setDisabled = useMutation(
    trpc.operator.setUserDisabled.mutationOptions({
      onSuccess: async (result, { disabled }) => {
        await refresh();
        const email = users.data?.find((user) => user.userId === result.userId)?.email ?? "The user";
        if (result.temporaryPassword)
          setIssued({ email, password: result.temporaryPassword, expiresAt: result.temporaryPasswordExpiresAt ?? null });
        change.succeeded(
          disabled
            ? `${email} is disabled and signed out on their next request.`
            : `${email} can sign in again, with the temporary password below.`,
        );
      },
      onError: change.failed,
    }),
  );

  function toggle(userId: string, email: string, disable: boolean) {
    if (disable) return change.ask({ userId, email });
    change.clear();
    setDisabled.mutate({ userId, disabled: false });
  }

  return (
    <Panel
      id="users-heading"
      title="Users"
      description="Owners manage keys, staff and invoices; staff buy and see transactions."
      actions={
        !adding && (
          <button type="button" className={buttonClass("secondary")} onClick={() => setAdding(true)}>
            Add user
          </button>
        )
      }
    >
      {adding && (
        <AddUserForm
          accountId={accountId}
          onClose={() => setAdding(false)}
          onAdded={(email) => {
            setAdding(false);
            change.succeeded(`Added ${email}. Give them their password privately.`);
          }}
        />
      )}
      {change.done && <Notice className="mb-3">{change.done}</Notice>}
      {issued && <TemporaryPasswordNotice issued={issued} />}
      {change.problem && !change.choice && <ErrorAlert className="mb-3">{change.problem}</ErrorAlert>}
      {users.isPending && <Loading>Loading users…</Loading>}
      {users.isError && <ErrorAlert>The users could not be loaded. {readProblem(users.error).message}</ErrorAlert>}
      {users.data && users.data.length === 0 && <Empty>No users yet. Add the account&apos;s owner first.</Empty>}
      {users.data && users.data.length > 0 && (
        <ResponsiveList
          label="Users"
          columns={USER_COLUMNS}
          headings={["User", "Role", "Added", "Status"]}
          items={users.data}
          itemKey={(user) => user.userId}
        >
          {(user) => (
            <>
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{user.email}</p>
                {user.name && <p className="text-slate-600">{user.name}</p>}
              </div>
              <UserFacts user={user} />
              <ItemActions>
                <button
                  type="button"
                  className={`${buttonClass(user.disabledAt ? "secondary" : "dangerOutline", "sm")} w-full sm:w-auto`}
                  aria-label={`${user.disabledAt ? "Enable" : "Disable"} ${user.email}`}
                  disabled={setDisabled.isPending}
                  onClick={() => toggle(user.userId, user.email, !user.disabledAt)}
                >
                  {user.disabledAt ? "Enable" : "Disable"}
                </button>
                {!user.disabledAt && <UserSignInActions by="operator" user={user} onChanged={() => void refresh()} onIssued={setIssued} />}
              </ItemActions>
            </>
          )}
        </ResponsiveList>
      )}
      <ConfirmChangeDialog
        change={change}
        pending={setDisabled.isPending}
        title={(user) => `Disable ${user.email}?`}
        confirmLabel="Disable user"
        pendingLabel="Disabling…"
        onConfirm={(user) => setDisabled.mutate({ userId: user.userId, disabled: true })}
      >
        {() => (
          <p>
            They can no longer sign in, and a session they have open stops working on its next request. You can enable them again later.
          </p>
        )}
      </ConfirmChangeDialog>
    </Panel>
  );
}

function AddUserForm({ accountId, onClose, onAdded }: { accountId: string; onClose: () => void; onAdded: (email: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const [problem, setProblem] = useState<Problem | null>(null);
  const add = useMutation(
    trpc.operator.addUser.mutationOptions({
      onSuccess: async (_result, variables) => {
        await refresh();
        onAdded(String(variables.email).trim().toLowerCase());
      },
      onError: (error) => setProblem(readProblem(error)),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    setProblem(null);
    add.mutate({
      accountId,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      role: form.get("role") === "OWNER" ? "OWNER" : "STAFF",
      ...(name ? { name } : {}),
    });
  }

  const alert = formAlert(problem, ["email", "password", "role", "name"]);
  const field = fieldsOf(problem, "new-user");
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add user"
      className="mb-5 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      {alert && <ErrorAlert>{alert}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("email")} label="Email" type="email" inputMode="email" autoComplete="off" required autoFocus />
        <TextField {...field("name")} label="Name (optional)" maxLength={200} autoComplete="off" />
        <Field id="new-user-role" label="Role" error={problem?.fieldErrors.role}>
          {(control) => (
            <select {...control} name="role" defaultValue="STAFF">
              <option value="STAFF">Staff: buys and sees transactions</option>
              <option value="OWNER">Owner: also manages keys, staff and invoices</option>
            </select>
          )}
        </Field>
        <TextField
          {...field("password")}
          label="Initial password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className={buttonClass("secondary")} onClick={onClose} disabled={add.isPending}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary")} disabled={add.isPending}>
          {add.isPending ? "Adding user…" : "Add user"}
        </button>
      </div>
    </form>
  );
}
