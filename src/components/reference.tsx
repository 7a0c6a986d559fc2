/**
 * A reference (a portal purchase's UUID, an API client's "order-1001") that wraps only after its
 * hyphens, dots, underscores, slashes or colons, never inside a segment: a break opportunity (<wbr>)
 * after each, because line breaking does not break after a hyphen followed by a digit, and
 * `break-all` broke anywhere. One without such points breaks only when it cannot fit a line at all.
 */
import { Fragment } from "react";
import { classNames } from "./ui/class-names";

export function Reference({ value, className }: { value: string; className?: string }) {
  const segments = value.split(/(?<=[-_./:])/);
  return (
    <span className={classNames("break-words", className)} data-reference>
      {segments.map((segment, index) => (
        <Fragment key={index}>
          {segment}
          {index < segments.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
