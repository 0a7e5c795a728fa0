import { Circle, CircleCheck, FileText } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button, FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { formatIsoDate } from "~/lib/format";
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "~/lib/uploads";
import {
  CLIENT_FILES_MAX_BYTES,
  DELIVERY_MAX,
  HOURS_MAX,
  NOTE_MAX,
  SUBMISSION_MESSAGES,
  formatBytes,
  type ClientSubmission,
} from "~/modules/onboarding/client-steps.constants";
import type { ClientSubmissions } from "~/modules/onboarding/client-submission-reads.server";

/** The action's refusal (lib/form-reply's shape) with the form it answers. */
export type SubmissionRefusal = {
  ok: boolean;
  formError: string | null;
  intent: ClientSubmission | null;
  value?: string;
};

// The "Implantação" section of /cliente (decision 041): what the menu needs, by when, sent from
// plain forms that post (a file as multipart) and work without JavaScript.

const ACTION = "/cliente/implantacao";
const ACCEPT: Record<"cardapio" | "logo", string> = {
  cardapio: ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp",
  logo: ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp",
};
const TEXT_LIMITS = { horarios: HOURS_MAX, entrega: DELIVERY_MAX, observacao: NOTE_MAX } as const;

type Step = ClientSubmissions["steps"][number];

function StepForm({ step, reply }: { step: Step; reply: SubmissionRefusal | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === step.key;
  const mine = reply?.intent === step.key ? reply : null;
  const error = mine && !mine.ok ? (mine.formError ?? undefined) : undefined;
  const id = `envio-${step.key}`;
  return (
    <Form
      method="post"
      action={ACTION}
      encType="multipart/form-data"
      aria-label={`Enviar ${step.title.toLowerCase()}`}
      className="mt-3 space-y-3"
      noValidate
    >
      <input type="hidden" name="intent" value={step.key} />
      {step.key === "cardapio" || step.key === "logo" ? (
        <TextField
          id={id}
          label={step.key === "cardapio" ? "Arquivo do cardápio" : "Arquivo do logo"}
          name="arquivo"
          type="file"
          accept={ACCEPT[step.key]}
          // With script, a file over the limit is refused before it is sent (the server would cut
          // it at 10 MB anyway, answering its own 413 page without script).
          data-max-bytes={UPLOAD_MAX_BYTES}
          data-too-large={UPLOAD_TOO_LARGE_MESSAGE}
          required
          error={error}
          hint="PDF, JPEG, PNG ou WebP, até 10 MB."
        />
      ) : step.key === "pix" ? (
        <TextField
          id={id}
          label="Chave PIX (CPF, CNPJ, e-mail, telefone com +55 ou chave aleatória)"
          name="value"
          required
          maxLength={200}
          autoComplete="off"
          defaultValue={mine?.value ?? step.answer ?? ""}
          error={error}
        />
      ) : (
        <TextAreaField
          id={id}
          label={step.title}
          name="value"
          rows={3}
          required={step.key !== "observacao"}
          maxLength={TEXT_LIMITS[step.key as keyof typeof TEXT_LIMITS]}
          defaultValue={mine?.value ?? step.answer ?? ""}
          error={error}
        />
      )}
      <Button type="submit" busy={busy} busyLabel="Enviando..." className="min-h-11">
        {step.key === "cardapio" || step.key === "logo" ? "Enviar arquivo" : "Enviar"}
      </Button>
    </Form>
  );
}

export function SubmissionsSection({
  submissions: s,
  reply,
  sent,
}: {
  submissions: ClientSubmissions | null;
  reply: SubmissionRefusal | null;
  /** The step just sent (after the redirect), for its confirmation. */
  sent: ClientSubmission | null;
}) {
  if (!s) return null;
  return (
    <section
      id="envios"
      aria-labelledby="envios-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="envios-titulo" className="text-lg font-bold">
        Implantação: o que precisamos de você
      </h2>
      {s.published ? (
        <p className="mt-2 text-sm text-slate-700">{SUBMISSION_MESSAGES.published}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Envie até <strong>{formatIsoDate(s.sendBy)}</strong> para o cardápio ficar pronto no prazo. Arquivos
          em PDF, JPEG, PNG ou WebP, até 10 MB cada ({formatBytes(s.usedBytes)} de{" "}
          {formatBytes(CLIENT_FILES_MAX_BYTES)} usados).
        </p>
      )}
      {reply && !reply.ok && !reply.intent && (
        <div className="mt-3">
          <FormAlert message={reply.formError} />
        </div>
      )}
      <ul className="mt-4 space-y-5">
        {s.steps.map((step) => (
          <li key={step.key} className="border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
            <h3 className="flex items-center gap-2 font-semibold">
              {step.done ? (
                <CircleCheck aria-hidden className="h-5 w-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden className="h-5 w-5 shrink-0 text-slate-400" />
              )}
              {step.title}{" "}
              <span className="text-sm font-normal text-slate-600">
                {step.done ? "(enviado)" : step.key === "observacao" ? "(opcional)" : "(pendente)"}
              </span>
            </h3>
            <p className="mt-1 text-sm text-slate-600">{step.needs}</p>
            {step.files.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={`Arquivos enviados: ${step.title}`}>
                {step.files.map((f) => (
                  <li key={f.id} className="flex items-center gap-2">
                    <FileText aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
                    <a
                      href={`/cliente/implantacao/arquivos/${f.id}`}
                      className="min-w-0 break-all font-medium text-brand-700 hover:underline"
                    >
                      {f.name}
                    </a>
                    <span className="shrink-0 text-slate-600">({formatBytes(f.sizeBytes)})</span>
                  </li>
                ))}
              </ul>
            )}
            {sent === step.key && (
              <p role="status" className="mt-2 text-sm font-medium text-green-800">
                {step.key === "cardapio" || step.key === "logo"
                  ? SUBMISSION_MESSAGES.fileSaved
                  : SUBMISSION_MESSAGES.textSaved}
              </p>
            )}
            {!s.published && <StepForm step={step} reply={reply} />}
            {s.published && step.answer && (
              <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{step.answer}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
