import { replyError } from "~/lib/form-reply";

export const BAD_FORM_MESSAGE =
  "Não foi possível ler os dados enviados. Recarregue a página e tente novamente.";
export const INVALID_CHARACTERS_MESSAGE = "Os dados enviados contêm caracteres inválidos.";

const refuse = (message: string) => replyError(message, { status: 400 });

/**
 * The action's form data, or a 400 with a pt-BR message when the body is not a form (a JSON or
 * garbled body from a script would otherwise throw inside the action and answer 500), or when a
 * field carries a NUL character: no form can type one, and PostgreSQL refuses it in text
 * columns, so it would otherwise surface as a 500 from whichever insert meets it first.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(BAD_FORM_MESSAGE);
  }
  for (const [key, value] of form) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw refuse(INVALID_CHARACTERS_MESSAGE);
    }
  }
  return form;
}
