import { Route, Routes } from 'react-router-dom';
import { MobileLogin } from './login/MobileLogin';

export function App() {
  return (
    <Routes>
      <Route path="*" element={<MobileLogin />} />
    </Routes>
  );
}
