import { CustomerInfoResponse } from '../contracts/customerProfile';
import { customerSessionCookie } from './http';

type Answer = { data?: unknown; error?: unknown };

/**
 * The signed-in customer, for an RTK Query `queryFn` (`(_a, _api, _extra, baseQuery) => currentCustomer(baseQuery)`):
 * the session's refresh when its readable cookie is there; a visitor not signed in (or whose session ended) is null,
 * with no call and no error (the order page asked at every step of every anonymous booking and got 401s).
 */
export async function currentCustomer(baseQuery: (args: { url: string; method: string }) => Answer | PromiseLike<Answer>): Promise<{ data: CustomerInfoResponse | null }> {
  if (!customerSessionCookie()) return { data: null };
  const r = await baseQuery({ url: '/customer/refresh', method: 'POST' });
  if (r.error) return { data: null };
  const parsed = CustomerInfoResponse.safeParse(r.data);
  return { data: parsed.success ? parsed.data : null };
}
