import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import LoginPage from '../auth/LoginPage.tsx';
import LogoutPage from '../auth/LogoutPage.tsx';
import ProfilePage from '../auth/ProfilePage.tsx';
import SignupPage from '../auth/SignupPage.tsx';
import DeveloperPage from '../dev/DeveloperPage.tsx';

export default function App() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/developer-mode" element={<DeveloperPage />} />
        <Route path="/auth" element={<Navigate to="/auth/login" replace />} />
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/signup" element={<SignupPage />} />
        <Route path="/auth/logout" element={<LogoutPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="*" element={<Navigate to="/developer-mode" replace />} />
      </Routes>
    </HashRouter>
  );
}
