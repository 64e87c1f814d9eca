import { Navigate, Route, Routes } from 'react-router-dom';
import { EventList } from './events/EventList';
import { OrderPage } from './order/OrderPage';
import * as Checkout from './checkout/lazy';

/** mf-booking owns /order, /vod, /edocument and /mini-site (router basename is the site root). */
export function App() {
  return (
    <Routes>
      <Route path="/order" element={<EventList />} />
      <Route path="/order/:presentationId" element={<OrderPage />} />
      <Route path="/order/confirmation" element={<Checkout.Confirmation />} />
      <Route path="/edocument/:documentKey" element={<Checkout.EDocumentPage />} />
      <Route path="/mini-site/:url" element={<Checkout.MiniSitePage />} />
      <Route path="/vod" element={<Checkout.VodPage />} />
      <Route path="*" element={<Navigate to="/order" replace />} />
    </Routes>
  );
}
