import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { VouchersState, VouchersStore } from './store';

export const useVouchersDispatch = () => useDispatch<VouchersStore['dispatch']>();
export const useVouchersSelector: TypedUseSelectorHook<VouchersState> = useSelector;
