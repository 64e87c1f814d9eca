import { ApiHttpError } from '../../../lib/route.ts';
import { altCardProvider, sandboxProvider } from './hostedCard.ts';
import { BlikSandboxProvider } from './blik.ts';
import { PaypalSandboxProvider } from './paypal.ts';
import { withSandboxRefunds } from './sandboxRefunds.ts';

export { withoutRefunds, withSandboxRefunds } from './sandboxRefunds.ts';
import type { PaymentProvider, RefundingProvider } from './types.ts';

export type { PaymentProvider, RefundingProvider, RefundInput, RefundOutcome, RefundFailureReason } from './types.ts';

/**
 * Every implementation; which ones take payments is configuration (PAYMENT_PROVIDERS). Each can refund: the sandbox
 * ones through the sandbox ledger (sandboxRefunds.ts). A real provider implements `refund` itself and is listed here
 * as it is (withoutRefunds() for one that has no refund call: its refunds fail for the operator to settle by hand).
 */
export function allProviders(): RefundingProvider[] {
  return [sandboxProvider(), altCardProvider(), new PaypalSandboxProvider(), new BlikSandboxProvider()].map((p) => withSandboxRefunds(p));
}

export class ProviderRegistry {
  private readonly byId = new Map<string, RefundingProvider>();
  constructor(providers: RefundingProvider[], private readonly active: string[], private readonly defaultId: string) {
    for (const p of providers) this.byId.set(p.id, p);
  }
  all(): RefundingProvider[] {
    return [...this.byId.values()];
  }
  /** An active provider (the default when id is absent); 409 PAYMENT_PROVIDER_INACTIVE otherwise. */
  active_(id?: string): RefundingProvider {
    const want = id ?? this.defaultId;
    const p = this.byId.get(want);
    if (!p || !this.active.includes(want)) throw new ApiHttpError(409, 'PAYMENT_PROVIDER_INACTIVE', `payment provider ${want} is not active`);
    return p;
  }
  /** Any provider by id (capture of a session created while it was active, a refund of one captured long ago). */
  get(id: string): RefundingProvider | undefined {
    return this.byId.get(id);
  }
}
