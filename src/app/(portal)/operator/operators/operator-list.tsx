"use client";
/** The operators, with disable/enable and the sign-in resets (user-sign-in-actions.tsx); none of it on oneself. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "~/components/dates";
import { describeError } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert } from "~/components/ui/notices";
import { ItemActions, ResponsiveList } from "~/components/ui/responsive-list";
import { TemporaryPasswordNotice, UserSignInActions, type TemporaryPassword } from "~/components/user-sign-in-actions";
import type { OperatorView } from "~/server/services/users/list-operators";
import { useTRPC } from "~/trpc/react";

export function OperatorList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const operators = useQuery(trpc.operator.operators.queryOptions());
  const setDisabled = useMutation(trpc.operator.setUserDisabled.mutationOptions());
  const [confirming, setConfirming] = useState<OperatorView | null>(null);
  const [issued, setIssued] = useState<TemporaryPassword | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.operator.operators.queryKey() });

  return (
    <QueryStates query={operators} loading={<LoadingRows label="Loading operators…" />}>
      {(list) => (
        <div className="space-y-3">
          {issued && <TemporaryPasswordNotice issued={issued} />}
          {setDisabled.error && !confirming && <ErrorAlert>{describeError(setDisabled.error)}</ErrorAlert>}
          <ResponsiveList
            label="Operators"
            columns="sm:grid-cols-[minmax(0,2fr)_7rem_6rem_minmax(0,2fr)]"
            headings={["Operator", "Two-factor", "Status"]}
            items={list}
            itemKey={(operator) => operator.userId}
          >
            {(operator) => (
              <>
                <div className="min-w-0">
                  <p className="font-medium break-all text-slate-900">
                    {operator.email}
                    {operator.isYou && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                  </p>
                  <p className="text-slate-600">Added {formatDate(operator.createdAt)}</p>
                </div>
                <p>{operator.twoFactorOn ? "On" : "Not set up"}</p>
                <p>{operator.disabledAt ? "Disabled" : "Active"}</p>
                <ItemActions>
                  {!operator.isYou && (
                    <>
                      <button
                        type="button"
                        onClick={() =>
                          operator.disabledAt
                            ? setDisabled.mutate(
                                { userId: operator.userId, disabled: false },
                                {
                                  onSuccess: (result) => {
                                    if (result.temporaryPassword)
                                      setIssued({
                                        email: operator.email,
                                        password: result.temporaryPassword,
                                        expiresAt: result.temporaryPasswordExpiresAt ?? null,
                                      });
                                    refresh();
                                  },
                                },
                              )
                            : setConfirming(operator)
                        }
                        aria-label={`${operator.disabledAt ? "Enable" : "Disable"} ${operator.email}`}
                        className={buttonClass(operator.disabledAt ? "secondary" : "dangerOutline", "sm")}
                      >
                        {operator.disabledAt ? "Enable" : "Disable"}
                      </button>
                      {!operator.disabledAt && <UserSignInActions by="operator" user={operator} onChanged={refresh} onIssued={setIssued} />}
                    </>
                  )}
                </ItemActions>
              </>
            )}
          </ResponsiveList>
          {confirming && (
            <ConfirmDialog
              title={`Disable ${confirming.email}?`}
              confirmLabel="Disable operator"
              pendingLabel="Disabling…"
              tone="danger"
              {...mutationConfirmProps(setDisabled, () => setConfirming(null))}
              onConfirm={() =>
                setDisabled.mutate({ userId: confirming.userId, disabled: true }, { onSuccess: () => (setConfirming(null), refresh()) })
              }
            >
              <p>They are signed out everywhere at once and cannot sign in until enabled again (with a new, temporary password).</p>
            </ConfirmDialog>
          )}
        </div>
      )}
    </QueryStates>
  );
}
