import type { FieldErrors } from "./fieldErrors.ts";
import { TextInputField } from "./TextInputField.tsx";

/** The company ID and e-mail address fields that name an operator (login, password change request). */
export function AccountFields({
  labels,
  values,
  set,
  errors,
}: {
  labels: { companyId: string; email: string };
  values: { companyId: string; email: string };
  set: (field: "companyId" | "email") => (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextInputField
        id="companyId"
        label={labels.companyId}
        value={values.companyId}
        onChange={set("companyId")}
        error={errors.companyId}
        autoComplete="organization"
      />
      <TextInputField
        id="email"
        label={labels.email}
        type="email"
        value={values.email}
        onChange={set("email")}
        error={errors.email}
        autoComplete="username"
      />
    </>
  );
}
