import { TextField } from "~/components/ui/fields";

/** Where an operator types an account's name or id: the account search and the audit log's filter. */
export function AccountQueryField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder="Name or account id"
      maxLength={200}
    />
  );
}
