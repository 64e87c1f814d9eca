import './print.css';
import { useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useHeadingFocus } from '@ticketing/shared';
import { VoucherList } from './VoucherList';
import { BuyPage } from './BuyPage';
import { ProductsPage } from './ProductsPage';
import { ConfirmationPage } from './ConfirmationPage';
import { VoucherDescription, VoucherPopup } from './VoucherDescription';
import { DonationsPage } from './donations/DonationsPage';
import { DonationCheckout } from './donations/DonationCheckout';
import { DonationReceipt } from './donations/DonationReceipt';

/**
 * Two route prefixes (host routes.ts): /vouchers, gift vouchers by super class (/vouchers/{systemVoucherSuperClassId}),
 * a voucher's description page and popup (/vouchers/Description, /vouchers/Popup, ?systemVoucherId=N),
 * then buying them (/vouchers/products, /vouchers/buy, /vouchers/confirmation); /donations, choosing donations, the donor and payment
 * (/donations/checkout) and the receipt (/donations/receipt).
 */
export function App() {
  const root = useRef<HTMLDivElement>(null);
  // each step of the flows is an address of its own: its heading takes the focus (the shell does this between remotes)
  useHeadingFocus(root, useLocation().pathname, 'h1');
  return (
    <div ref={root}>
      <Routes>
        <Route path="/vouchers" element={<VoucherList />} />
        <Route path="/vouchers/products" element={<ProductsPage />} />
        <Route path="/vouchers/buy" element={<BuyPage />} />
        <Route path="/vouchers/confirmation" element={<ConfirmationPage />} />
        <Route path="/vouchers/Description" element={<VoucherDescription />} />
        <Route path="/vouchers/Popup" element={<VoucherPopup />} />
        <Route path="/vouchers/:superClassId" element={<VoucherList />} />
        <Route path="/donations" element={<DonationsPage />} />
        <Route path="/donations/checkout" element={<DonationCheckout />} />
        <Route path="/donations/receipt" element={<DonationReceipt />} />
      </Routes>
    </div>
  );
}
