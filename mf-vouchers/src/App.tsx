import './print.css';
import { Route, Routes } from 'react-router-dom';
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
  // Each step of these flows is an address of its own: the shell moves the focus to the new page's h1 and says it on
  // every path change (host pageChange.ts), so the remote does not do it a second time.
  return (
    <div>
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
