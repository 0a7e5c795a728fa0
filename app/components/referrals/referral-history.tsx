import { formatDateTime } from "~/lib/format";
import type { ReferralHistoryEntry } from "~/modules/referrals/history.server";

/** The referral's history, newest first: automatic moves read "pelo sistema". */
export function ReferralHistory({ entries }: { entries: ReferralHistoryEntry[] }) {
  return (
    <section
      aria-labelledby="historico-indicacao"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="historico-indicacao" className="mb-3 text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma alteração registrada.</p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4">
          {entries.map((e) => (
            <li key={e.key}>
              <p className="text-sm font-semibold text-slate-900">{e.title}</p>
              {e.detail && <p className="text-sm text-slate-700">{e.detail}</p>}
              <p className="text-xs text-slate-600">
                {formatDateTime(e.at)} · {e.by}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
