/**
 * After a form is submitted, focus goes to its first field in error, scrolled into view (a long dialog
 * scrolls to it), whether the form's own reading found the problem or the server's answer named it.
 * Every field (fields.tsx's Field, so TextField and NairaField too) takes part by itself: no form wires
 * anything. A submitted form is remembered until a field in error is focused or the person types again,
 * so a problem shown while someone types (a live check) never moves their focus.
 */
import { useEffect, useRef, type RefObject } from "react";

const watched = new WeakSet<HTMLFormElement>();
const awaitingProblems = new WeakSet<HTMLFormElement>();

/** Focuses the form's first control marked invalid, in document order; false when there is none yet. */
function focusFirstProblem(form: HTMLFormElement): boolean {
  if (!awaitingProblems.has(form)) return false;
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return false;
  awaitingProblems.delete(form);
  first.scrollIntoView({ block: "center" });
  first.focus({ preventScroll: true });
  return true;
}

function watch(form: HTMLFormElement): void {
  if (watched.has(form)) return;
  watched.add(form);
  form.addEventListener("submit", () => {
    awaitingProblems.add(form);
    // After the submit handler's state has rendered: the problems the form found itself.
    requestAnimationFrame(() => focusFirstProblem(form));
  });
  form.addEventListener("input", () => awaitingProblems.delete(form));
}

/**
 * For a field's wrapper: joins its form to the mechanism, and when the field's error appears or changes
 * (the server's answer arriving after the submit), offers the form the chance to focus its first problem.
 */
export function useFocusFirstProblem(error: string | null | undefined): RefObject<HTMLDivElement | null> {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = wrapper.current?.closest("form");
    if (!form) return;
    watch(form);
    if (error) focusFirstProblem(form);
  }, [error]);
  return wrapper;
}
