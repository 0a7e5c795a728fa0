import type { ChargeStatus } from "./billing.constants";

/**
 * The charge's state machine, the one list every writer obeys (migration 0028 enforces the same
 * pairs with a trigger, and charge-state.test.ts checks that the two agree):
 * - an open charge (pendente) is paid, falls overdue, or is cancelled;
 * - an overdue one (vencida) is paid or cancelled;
 * - a paid one (paga) is refunded (estornada: money the business gave back, not chased) or charged
 *   back (contestada: the card network took the money back, so it is owed again);
 * - a refunded one is paid again only by a new payment confirmed by the provider;
 * - a charged-back one is paid again (the dispute won, or paid anew) or forgiven (cancelada).
 * Nothing leaves cancelada.
 */
export const CHARGE_TRANSITIONS: Record<ChargeStatus, readonly ChargeStatus[]> = {
  pendente: ["paga", "vencida", "cancelada"],
  vencida: ["paga", "cancelada"],
  paga: ["estornada", "contestada"],
  estornada: ["paga"],
  contestada: ["paga", "cancelada"],
  cancelada: [],
};

export const canMoveCharge = (from: ChargeStatus, to: ChargeStatus) => CHARGE_TRANSITIONS[from].includes(to);

/** Thrown when code asks for a move the machine refuses: a bug, never a user's mistake. */
export class ChargeTransitionError extends Error {
  constructor(
    readonly from: ChargeStatus,
    readonly to: ChargeStatus,
  ) {
    super(`transição de cobrança recusada: ${from} → ${to}`);
    this.name = "ChargeTransitionError";
  }
}

export function assertChargeMove(from: ChargeStatus, to: ChargeStatus) {
  if (!canMoveCharge(from, to)) throw new ChargeTransitionError(from, to);
}
