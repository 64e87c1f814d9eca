import { useCallback, useState } from 'react';
import { LockError, toast, type ApiFailure } from '@ticketing/shared';

/**
 * Continue from a membership or enrolment seat map, as booking does (issue 14 point 6): the api judges the whole
 * selection by booking's rules; a refusal (SINGLE_SEAT_GAP | COMPANION_ALONE, with the seat concerned and the fix)
 * is handed to the seat map (`continueRefusal`), which shows it until the selection changes. Any other failure is a toast.
 */
export function useSelectionCheck(check: () => Promise<unknown>, onNext: () => void) {
  const [refusal, setRefusal] = useState<LockError | null>(null);
  const [checking, setChecking] = useState(false);
  const clear = useCallback(() => setRefusal(null), []);
  const onContinue = useCallback(async () => {
    setRefusal(null);
    setChecking(true);
    try {
      await check();
      onNext();
    } catch (e) {
      const f = e as ApiFailure;
      const body = LockError.safeParse(f?.data);
      if (body.success && (body.data.error === 'SINGLE_SEAT_GAP' || body.data.error === 'COMPANION_ALONE')) setRefusal(body.data);
      else toast(f?.key ?? 'errors.generic', 'error');
    } finally {
      setChecking(false);
    }
  }, [check, onNext]);
  return { onContinue, refusal, clear, checking };
}
