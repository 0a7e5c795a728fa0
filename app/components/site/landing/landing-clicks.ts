import { REP_DIALOG_ID } from "./representative";

/**
 * The landing's copy is HTML only (ServerHtml), so its few buttons are handled here, by
 * delegation from `<main>`: `data-plan` (a plan's "Quero o plano …") and `data-rep` (the
 * representative programme's dialog: open, close, talk to the team).
 */
export function handleLandingClick(
  event: React.MouseEvent,
  actions: { choosePlan: (planId: string) => void; talkToTeam: (planValue: string) => void },
) {
  const target = event.target instanceof Element ? event.target : null;
  const el = target?.closest<HTMLElement>("[data-plan], [data-rep]");
  if (!el) return;
  event.preventDefault();
  const { rep, plan } = el.dataset;
  if (!rep) return plan && actions.choosePlan(plan);
  const dialog = document.getElementById(REP_DIALOG_ID) as HTMLDialogElement | null;
  if (rep === "open") return dialog?.showModal();
  dialog?.close();
  // The form's value for "Quero ser representante" comes with the button (server-rendered).
  if (rep === "talk" && plan) actions.talkToTeam(plan);
}
