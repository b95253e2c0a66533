// Route /auth/login (and /auth, which redirects here).
import AuthScreen from './AuthScreen.tsx';

export default function LoginPage() {
  return <AuthScreen mode="login" />;
}
