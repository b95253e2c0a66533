import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import DeveloperPage from '../dev/DeveloperPage.tsx';

export default function App() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/developer-mode" element={<DeveloperPage />} />
        <Route path="*" element={<Navigate to="/developer-mode" replace />} />
      </Routes>
    </HashRouter>
  );
}
