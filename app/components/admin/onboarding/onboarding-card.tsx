import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/admin/ui";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatDateTime, formatIsoDate } from "~/lib/format";
import type { Toast } from "~/lib/form-reply";
import { PublishForm } from "./publish-form";
import {
  openStepsLabel,
  ONBOARDING_HEALTH_LABELS,
  ONBOARDING_SOURCE_LABELS,
  type OnboardingHealth,
  type OnboardingSource,
  type OnboardingStatus,
} from "~/modules/onboarding/onboarding.constants";
import {
  formatBytes,
  SUBMISSION_TITLES,
  TEXT_SUBMISSIONS,
  type FileStep,
  type TextSubmission,
} from "~/modules/onboarding/client-steps.constants";

/** What a card needs (OnboardingView, serialised by the loader). */
export interface OnboardingCardData {
  id: string;
  clientId: string;
  clientName: string;
  businessName: string;
  source: OnboardingSource;
  status: OnboardingStatus;
  openedOn: string;
  dueDate: string;
  targetDate: string;
  publishedOn: string | null;
  businessDaysTaken: number | null;
  menuUrl: string | null;
  openStepsAtPublish: number | null;
  health: OnboardingHealth;
  daysLeft: number | null;
  items: { id: string; label: string; doneAt: Date | string | null; doneByName: string | null }[];
  /** What the client sent from /cliente (decision 041). */
  submissions?: {
    files: { id: string; step: FileStep; name: string; sizeBytes: number; createdAt: Date | string }[];
    answers: Partial<Record<TextSubmission, { value: string; updatedAt: Date | string }>>;
  };
}

/** The client's files and answers, on the card for the team. */
function ClientSubmissions({
  submissions: s,
}: {
  submissions: NonNullable<OnboardingCardData["submissions"]>;
}) {
  const answers = TEXT_SUBMISSIONS.filter((k) => s.answers[k]);
  if (!s.files.length && !answers.length)
    return (
      <p className="mt-3 text-xs text-slate-500">O cliente ainda não enviou nada pela Área do Cliente.</p>
    );
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold text-slate-700">Enviado pelo cliente</p>
      <ul className="mt-1 space-y-1 text-sm">
        {s.files.map((f) => (
          <li key={f.id} className="min-w-0">
            <span className="text-slate-600">{SUBMISSION_TITLES[f.step]}: </span>
            <a
              href={`/admin/onboarding/arquivos/${f.id}`}
              className="break-all font-medium text-brand-700 hover:underline"
            >
              {f.name}
            </a>{" "}
            <span className="text-xs text-slate-500">
              ({formatBytes(f.sizeBytes)} · {formatDateTime(f.createdAt)})
            </span>
          </li>
        ))}
      </ul>
      {answers.length > 0 && (
        <dl className="mt-2 space-y-1 text-sm">
          {answers.map((k) => (
            <div key={k}>
              <dt className="text-xs text-slate-600">{SUBMISSION_TITLES[k]}</dt>
              <dd className="whitespace-pre-line break-words text-slate-800">{s.answers[k]!.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

type Reply = { ok: boolean; toast: Toast | null };
const ACTION = "/admin/onboarding";

const HEALTH_COLORS = { no_prazo: "green", em_risco: "yellow", atrasada: "red" } as const;

export function HealthBadge({ health }: { health: OnboardingHealth }) {
  return <Badge color={HEALTH_COLORS[health]}>{ONBOARDING_HEALTH_LABELS[health]}</Badge>;
}

/** What is left of the deadline, in words that stand on their own (the label is "Prazo"). */
export function daysLeftText(n: number | null, late: boolean) {
  if (n === null) return null;
  if (n < 0) return `${-n} ${-n === 1 ? "dia útil" : "dias úteis"} de atraso`;
  // Past a due date that fell before a weekend or holiday: no business day late yet, but late.
  if (n === 0) return late ? "Prazo vencido" : "Termina hoje";
  return n === 1 ? "1 dia útil restante" : `${n} dias úteis restantes`;
}

/** One checklist item: ticking it records who and when (and starts the onboarding). */
function ChecklistItem({
  onboardingId,
  item,
  locked,
}: {
  onboardingId: string;
  item: OnboardingCardData["items"][number];
  locked: boolean;
}) {
  const fetcher = useFetcher<Reply>();
  useReplyToast(fetcher.data && !fetcher.data.ok ? fetcher.data : null);
  const pending = fetcher.formData?.get("done");
  const checked = pending ? pending === "1" : item.doneAt !== null;
  return (
    <li className="flex items-start gap-2 text-sm">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          checked={checked}
          disabled={locked}
          onChange={(e) =>
            fetcher.submit(
              { intent: "item", id: onboardingId, itemId: item.id, done: e.target.checked ? "1" : "0" },
              { method: "post", action: ACTION },
            )
          }
        />
        <span className={checked ? "text-slate-500 line-through" : "text-slate-800"}>{item.label}</span>
      </label>
      {item.doneAt && item.doneByName && (
        <span className="ml-auto text-xs text-slate-500">
          {item.doneByName} · {formatDateTime(item.doneAt)}
        </span>
      )}
    </li>
  );
}

/** An onboarding: client, due date, health, checklist and "Publicar" (board and client page). */
export function OnboardingCard({
  onboarding: o,
  showClient = true,
}: {
  onboarding: OnboardingCardData;
  showClient?: boolean;
}) {
  const published = o.status === "publicado";
  const done = o.items.filter((i) => i.doneAt).length;
  return (
    <article
      id={`implantacao-${o.id}`}
      aria-label={`Implantação de ${o.clientName}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {showClient && (
          <div className="min-w-0">
            <Link
              to={`/admin/clients/edit/${o.clientId}`}
              className="font-semibold text-slate-900 hover:underline"
            >
              {o.clientName}
            </Link>
            <p className="text-xs text-slate-500">{o.businessName}</p>
          </div>
        )}
        <HealthBadge health={o.health} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt>Pagamento confirmado</dt>
        <dd>{formatIsoDate(o.openedOn)}</dd>
        <dt>Prazo</dt>
        <dd>{formatIsoDate(o.dueDate)}</dd>
        <dt>Meta</dt>
        <dd>{formatIsoDate(o.targetDate)}</dd>
        {published ? (
          <>
            <dt>Publicado em</dt>
            <dd>
              {o.publishedOn && formatIsoDate(o.publishedOn)} ·{" "}
              {o.openStepsAtPublish
                ? openStepsLabel(o.openStepsAtPublish)
                : o.businessDaysTaken === 1
                  ? "1 dia útil"
                  : `${o.businessDaysTaken} dias úteis`}
            </dd>
            {o.menuUrl && (
              <>
                <dt>Cardápio</dt>
                <dd className="break-all">
                  <a
                    href={o.menuUrl}
                    // A link of its own (not in a sentence): a whole 44 px target, one box to tap.
                    className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                    rel="noreferrer"
                    target="_blank"
                  >
                    {o.menuUrl}
                  </a>
                </dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt>Prazo</dt>
            <dd>{daysLeftText(o.daysLeft, o.health === "atrasada")}</dd>
          </>
        )}
        <dt>Origem</dt>
        <dd>{ONBOARDING_SOURCE_LABELS[o.source]}</dd>
      </dl>
      {o.items.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold text-slate-700">
            Checklist ({done}/{o.items.length})
          </p>
          <ul className="mt-1 space-y-1">
            {o.items.map((item) => (
              <ChecklistItem key={item.id} onboardingId={o.id} item={item} locked={published} />
            ))}
          </ul>
        </div>
      )}
      {o.submissions && <ClientSubmissions submissions={o.submissions} />}
      {!published && <PublishForm id={o.id} clientName={o.clientName} openCount={o.items.length - done} />}
    </article>
  );
}
