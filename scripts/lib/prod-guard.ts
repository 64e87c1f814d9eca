/**
 * What `npm run start:prod` refuses to start with unless explicitly asked (START_PROD_ALLOW_DEMO=1 or
 * `--allow-demo`): every built-in payment provider is a sandbox (a public test card approves: tickets
 * for free, and a real card number typed there reaches our server), development routes (DEMO_MODE=1)
 * and the demo seed (SEED_DEMO=1: published staff passwords, coupons and vouchers).
 */
// The api's own list (it turns these off outside demo mode): one list, so a new sandbox is refused here too.
import { SANDBOX_PROVIDERS } from '../../api/src/lib/demo.ts';

export function productionRefusals(env: NodeJS.ProcessEnv, argv: string[] = []): string[] {
  if (env.START_PROD_ALLOW_DEMO === '1' || argv.includes('--allow-demo')) return [];
  const out: string[] = [];
  const providers = (env.PAYMENT_PROVIDERS ?? 'sandbox,altcard').split(',').map((s) => s.trim()).filter(Boolean);
  const sandboxes = providers.filter((p) => (SANDBOX_PROVIDERS as readonly string[]).includes(p));
  if (sandboxes.length) out.push(`sandbox payment providers (${sandboxes.join(', ')}) would take payments; set PAYMENT_PROVIDERS to real providers, or PAYMENT_PROVIDERS=none`);
  if (env.ALLOW_SANDBOX_PAYMENTS === '1') out.push('ALLOW_SANDBOX_PAYMENTS=1 turns the sandbox payment providers on');
  if (env.DEMO_MODE === '1') out.push('DEMO_MODE=1 turns on the development routes (SMS outbox, simulated sales)');
  if (env.SEED_DEMO === '1') out.push('SEED_DEMO=1 seeds the demo data (published staff passwords, coupons, vouchers)');
  return out;
}

/** The environment each production api process runs with: no demo mode, no demo seed unless allowed above. */
export function productionApiEnv(env: NodeJS.ProcessEnv, allowDemo: boolean): NodeJS.ProcessEnv {
  return {
    ...env,
    NODE_ENV: 'production',
    PG_STATEMENT_TIMEOUT_MS: env.PG_STATEMENT_TIMEOUT_MS ?? '15000',
    DEMO_MODE: allowDemo ? env.DEMO_MODE : '0',
    ...(allowDemo ? { ALLOW_SANDBOX_PAYMENTS: env.ALLOW_SANDBOX_PAYMENTS ?? '1' } : {}),
  };
}
