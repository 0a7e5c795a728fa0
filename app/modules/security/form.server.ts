import { data } from "react-router";

export const BAD_FORM_MESSAGE =
  "Não foi possível ler os dados enviados. Recarregue a página e tente novamente.";

/**
 * The action's form data, or a 400 with a pt-BR message when the body is not a form (a JSON or
 * garbled body from a script would otherwise throw inside the action and answer 500).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(
      {
        ok: false as const,
        formError: BAD_FORM_MESSAGE,
        fieldErrors: {} as Record<string, string>,
        toast: { type: "error" as const, message: BAD_FORM_MESSAGE },
      },
      { status: 400 },
    );
  }
}
