import { Page } from '../../../components/page';
import '../../../components/form/forms.css';
import { QueryProvider } from '../../../lib/query-provider';
import { DevSmsInboxLink } from '../components/dev-sms-inbox-link';
import { LoginForm } from '../components/login-form';
import { SignedOutBanner } from '../components/signed-out-banner';
import '../portal-auth.css';

/** Customer portal login (docs/product.md §2, /login): e-mail and phone, then the texted code; success opens /portal. */
export function LoginPage() {
  return (
    <Page
      title="Customer Login"
      description="Sign in to see your cleanings and invoices."
      heading="Customer Login"
      lead="Sign in with your email and phone number; we'll text you a one-time code."
    >
      <div className="narrow login">
        <SignedOutBanner />
        <QueryProvider>
          <LoginForm />
        </QueryProvider>
        <DevSmsInboxLink />
      </div>
    </Page>
  );
}
