import { useCallback, useState } from 'react';
import { LockError, toast, type ApiFailure } from '@ticketing/shared';
import { useCheckSelectionMutation } from '../api/seatsApi';

/**
 * Continue from the seat map (issue 14 point 6, issue 16 item 3): the api judges the whole selection; a
 * refusal (SINGLE_SEAT_GAP | COMPANION_ALONE, with the seat concerned and the fix) is shown by the seat map
 * until the selection changes. Any other failure is a toast.
 */
export function useContinueCheck(presentationId: number, onNext: () => void) {
  const [check, state] = useCheckSelectionMutation();
  const [refusal, setRefusal] = useState<LockError | null>(null);
  const clear = useCallback(() => setRefusal(null), []);
  const onContinue = useCallback(async () => {
    setRefusal(null);
    try {
      await check({ presentationId }).unwrap();
      onNext();
    } catch (e) {
      const f = e as ApiFailure;
      const body = LockError.safeParse(f?.data);
      if (body.success && (body.data.error === 'SINGLE_SEAT_GAP' || body.data.error === 'COMPANION_ALONE')) setRefusal(body.data);
      else toast(f?.key ?? 'errors.generic', 'error');
    }
  }, [check, presentationId, onNext]);
  return { onContinue, refusal, clear, checking: state.isLoading };
}
