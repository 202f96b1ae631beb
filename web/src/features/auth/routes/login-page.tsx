import { Page } from '../../../components/page';

export function LoginPage() {
  return (
    <Page
      title="Customer Login"
      heading="Customer Login"
      lead="Sign in with your email and phone number; we'll text you a one-time code."
    />
  );
}
