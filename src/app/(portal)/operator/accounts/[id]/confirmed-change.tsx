"use client";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/ui/dialogs";
import { readProblem } from "../../_components/problem";

/**
 * A panel's change that is asked about first (removing an entry, disabling a user, revoking a key):
 * which item the dialog is about, why the change failed, and what the last one did. Asking clears
 * what the last change said; cancelling closes the dialog and forgets its problem; success closes it
 * and says what happened.
 */
export interface ConfirmedChange<Item> {
  /** The item the open dialog asks about; null while it is closed. */
  choice: Item | null;
  problem: string | null;
  done: string | null;
  ask: (item: Item) => void;
  cancel: () => void;
  succeeded: (message: string) => void;
  failed: (error: unknown) => void;
  /** Clears the last change's words, for a change that needs no asking. */
  clear: () => void;
}

export function useConfirmedChange<Item>(): ConfirmedChange<Item> {
  const [choice, setChoice] = useState<Item | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const clear = () => {
    setProblem(null);
    setDone(null);
  };
  return {
    choice,
    problem,
    done,
    ask: (item) => {
      clear();
      setChoice(item);
    },
    cancel: () => {
      setChoice(null);
      setProblem(null);
    },
    succeeded: (message) => {
      setDone(message);
      setChoice(null);
    },
    failed: (error) => setProblem(readProblem(error).message),
    clear,
  };
}

/** The danger-toned "are you sure?" of a ConfirmedChange, open while it has a choice; the change's problem shows in it. */
export function ConfirmChangeDialog<Item>({
  change,
  pending,
  onConfirm,
  children,
  ...labels
}: {
  change: ConfirmedChange<Item>;
  pending: boolean;
  title: (item: Item) => string;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: (item: Item) => void;
  children: (item: Item) => ReactNode;
}) {
  const item = change.choice;
  if (item === null) return null;
  return (
    <ConfirmDialog
      title={labels.title(item)}
      confirmLabel={labels.confirmLabel}
      pendingLabel={labels.pendingLabel}
      tone="danger"
      pending={pending}
      error={change.problem}
      onCancel={change.cancel}
      onConfirm={() => onConfirm(item)}
    >
      {children(item)}
    </ConfirmDialog>
  );
}
