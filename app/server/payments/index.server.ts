import { asaasConfigFromEnv, asaasProvider } from "./asaas.server";
import type { PaymentProvider } from "./provider";

export type { PaymentProvider } from "./provider";
export { lockProviderCustomer, providerCustomer } from "./customer";

/**
 * The provider that confirms payments by itself, or null when none is configured (then the
 * company's static PIX is what the payer sees and an admin records payments). Read per call so a
 * test can set ASAAS_* for its own fake server.
 */
export function configuredProvider(env: NodeJS.ProcessEnv = process.env): PaymentProvider | null {
  const asaas = asaasConfigFromEnv(env);
  return asaas ? asaasProvider(asaas) : null;
}
