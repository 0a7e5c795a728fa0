import { useState, type InputHTMLAttributes } from "react";
import { TextField } from "~/components/ui/form";
import { maskBrDate } from "~/lib/dates";

/**
 * The props of a date typed and shown as dd/mm/aaaa in every browser locale (a `type="date"`
 * input follows the browser's language: mm/dd/yyyy in an English one). The server reads it with
 * parseBrDate. `initial` is dd/mm/aaaa (isoToBrDate of the stored value).
 */
function useBrDateProps(initial: string) {
  const [value, setValue] = useState(initial);
  return {
    type: "text",
    inputMode: "numeric",
    autoComplete: "off",
    placeholder: "dd/mm/aaaa",
    maxLength: 10,
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(maskBrDate(e.target.value)),
  } as const;
}

type Managed = "type" | "value" | "onChange" | "defaultValue";

/** A bare dd/mm/aaaa input (for filters with their own label and look). */
export function BrDateInput({
  defaultValue = "",
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, Managed> & { defaultValue?: string }) {
  return <input {...props} {...useBrDateProps(defaultValue)} />;
}

/** BrDateInput with the form's label, hint and error (TextField's look). */
export function BrDateField({
  defaultValue = "",
  ...props
}: Omit<React.ComponentProps<typeof TextField>, Managed> & { defaultValue?: string }) {
  return <TextField {...props} {...useBrDateProps(defaultValue)} />;
}
