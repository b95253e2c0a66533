// Route /auth/signup.
import AuthScreen from './AuthScreen.tsx';

export default function SignupPage() {
  return <AuthScreen mode="signup" />;
}
