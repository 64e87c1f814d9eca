import { ApiHttpError } from '../../../lib/route.ts';
import { altCardProvider, sandboxProvider } from './hostedCard.ts';
import { BlikSandboxProvider } from './blik.ts';
import { PaypalSandboxProvider } from './paypal.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentProvider } from './types.ts';

/** Every implementation; which ones take payments is configuration (PAYMENT_PROVIDERS). */
export function allProviders(): PaymentProvider[] {
  return [sandboxProvider(), altCardProvider(), new PaypalSandboxProvider(), new BlikSandboxProvider()];
}

export class ProviderRegistry {
  private readonly byId = new Map<string, PaymentProvider>();
  constructor(providers: PaymentProvider[], private readonly active: string[], private readonly defaultId: string) {
    for (const p of providers) this.byId.set(p.id, p);
  }
  all(): PaymentProvider[] {
    return [...this.byId.values()];
  }
  /** An active provider (the default when id is absent); 409 PAYMENT_PROVIDER_INACTIVE otherwise. */
  active_(id?: string): PaymentProvider {
    const want = id ?? this.defaultId;
    const p = this.byId.get(want);
    if (!p || !this.active.includes(want)) throw new ApiHttpError(409, 'PAYMENT_PROVIDER_INACTIVE', `payment provider ${want} is not active`);
    return p;
  }
  /** Any provider by id (capture of a session created while it was active). */
  get(id: string): PaymentProvider | undefined {
    return this.byId.get(id);
  }
}
