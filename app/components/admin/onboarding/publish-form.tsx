import { Form, useFetcher, useLocation } from "react-router";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { Toast } from "~/lib/form-reply";

const ACTION = "/admin/onboarding";

/** What /admin/onboarding answers to a refused "Publicar" (publishRefusal in the route). */
export interface PublishReply {
  ok: boolean;
  intent?: string;
  id?: string;
  openSteps?: string[];
  fieldErrors?: Record<string, string>;
  formError?: string | null;
  toast?: Toast | null;
  values?: { menuUrl?: string; androidUrl?: string; iosUrl?: string; back?: string };
}

const isPublishReply = (r: unknown, id?: string): r is PublishReply =>
  typeof r === "object" &&
  r !== null &&
  (r as PublishReply).intent === "publish" &&
  (id === undefined || (r as PublishReply).id === id);

/**
 * "Publicar": the menu's public address (required), the app's (optional) and, when the checklist
 * has open steps, a second step that lists them and asks to confirm (decision 042). A plain form:
 * with JavaScript it is posted by the card's fetcher, without it the board page shows the answer
 * (PublishReplyPanel). `FormTag` is the fetcher's Form or the router's.
 */
function PublishFields({
  id,
  openCount,
  reply,
  FormTag,
  busy,
  back,
}: {
  id: string;
  openCount: number;
  reply: PublishReply | null;
  FormTag: typeof Form;
  busy: boolean;
  back: string;
}) {
  const errors = reply?.fieldErrors ?? {};
  const values = reply?.values ?? {};
  const confirming = (reply?.openSteps?.length ?? 0) > 0;
  return (
    <FormTag method="post" action={ACTION} className="mt-3 space-y-3" noValidate>
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={values.back ?? back} />
      {!confirming && <FormAlert message={reply?.fieldErrors ? null : reply?.formError} />}
      <TextField
        label="Endereço público do cardápio"
        name="menuUrl"
        type="url"
        inputMode="url"
        required
        maxLength={500}
        placeholder="https://"
        defaultValue={values.menuUrl}
        error={errors.menuUrl}
        hint="O link que o cliente divulga e imprime em QR Code nas mesas."
      />
      <TextField
        label="App Android (opcional)"
        name="androidUrl"
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder="https://play.google.com/..."
        defaultValue={values.androidUrl}
        error={errors.androidUrl}
      />
      <TextField
        label="App iOS (opcional)"
        name="iosUrl"
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder="https://apps.apple.com/..."
        defaultValue={values.iosUrl}
        error={errors.iosUrl}
      />
      {confirming ? (
        <div
          role="alert"
          className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          <p className="font-medium">{reply?.formError}</p>
          <ul className="mt-1 list-disc pl-5">
            {reply?.openSteps?.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <input type="hidden" name="confirmOpenSteps" value="1" />
        </div>
      ) : (
        openCount > 0 && (
          <p className="text-xs text-yellow-900">
            {openCount === 1
              ? "1 etapa do checklist em aberto."
              : `${openCount} etapas do checklist em aberto.`}
          </p>
        )
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={busy} busyLabel="Publicando...">
          {confirming ? "Publicar mesmo assim" : "Publicar"}
        </Button>
      </div>
    </FormTag>
  );
}

/** The card's "Publicar": a disclosure (works without JavaScript) holding the form. */
export function PublishForm({
  id,
  clientName,
  openCount,
}: {
  id: string;
  clientName: string;
  openCount: number;
}) {
  const fetcher = useFetcher<PublishReply>();
  const { pathname, search } = useLocation();
  const reply = isPublishReply(fetcher.data, id) ? fetcher.data : null;
  useReplyToast(reply?.openSteps?.length ? null : reply);
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-2" open={reply ? true : undefined}>
      <summary className="tap cursor-pointer text-sm font-semibold text-brand-700">
        Publicar<span className="sr-only"> a implantação de {clientName}</span>
      </summary>
      <PublishFields
        // A new answer (another step) starts the fields from what it carries.
        key={JSON.stringify(reply)}
        id={id}
        openCount={openCount}
        reply={reply}
        FormTag={fetcher.Form as typeof Form}
        busy={fetcher.state !== "idle"}
        back={pathname + search}
      />
    </details>
  );
}

/**
 * Without JavaScript the card's form posts to this page, which shows the answer here: the
 * addresses' errors, or the open steps to confirm, with the form to send again.
 */
export function PublishReplyPanel({ reply, clientName }: { reply: unknown; clientName: string | null }) {
  if (!isPublishReply(reply) || !reply.id) return null;
  return (
    <section
      aria-label="Publicar implantação"
      className="mb-4 max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">
        Publicar implantação{clientName ? ` de ${clientName}` : ""}
      </h2>
      <PublishFields id={reply.id} openCount={0} reply={reply} FormTag={Form} busy={false} back={ACTION} />
    </section>
  );
}
