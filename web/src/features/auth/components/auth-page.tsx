import { BarChart3, Sparkles, Target } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams, type Location } from 'react-router-dom';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { RESET_PASSWORD_MODE, parseAuthLink } from '@shared/auth-links';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Tabs } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth/use-auth';
import { CheckInboxPanel } from './check-inbox-panel';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { webPaths } from '@shared/web-paths';

type View =
  | { name: 'sign-in'; email?: string; notice?: string }
  | { name: 'sign-up' }
  | { name: 'check-inbox'; email: string }
  | { name: 'forgot'; email?: string }
  | { name: 'reset'; email: string; code?: string; justSent: boolean };

const tabs = [
  { value: 'sign-in', label: 'Sign in' },
  { value: 'sign-up', label: 'Sign up' },
] as const;

/** Where to go after signing in: the page the guard turned away, else the dashboard. */
function destinationFrom(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname.startsWith(webPaths.auth)) return webPaths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function initialView(search: URLSearchParams): View {
  const reset = parseAuthLink(`?${search.toString()}`, RESET_PASSWORD_MODE);
  if (reset) return { name: 'reset', email: reset.username, code: reset.code, justSent: false };
  if (search.get('tab') === 'sign-up') return { name: 'sign-up' };
  return { name: 'sign-in', email: search.get('email') ?? undefined };
}

const highlights = [
  { icon: Sparkles, text: 'Ad copy and graphics generated for your product and audience' },
  { icon: Target, text: 'Campaigns built and optimised for Facebook and Instagram' },
  { icon: BarChart3, text: 'One dashboard for the results of your Meta ad account' },
];

export function AuthPage() {
  const { currentUser } = useAuth();
  const location = useLocation();
  const [search] = useSearchParams();
  const [view, setView] = useState<View>(() => initialView(search));

  if (currentUser) return <Navigate replace to={destinationFrom(location.state)} />;

  const toSignIn = (email?: string, notice?: string) => setView({ name: 'sign-in', email, notice });

  let body;
  switch (view.name) {
    case 'check-inbox':
      body = <CheckInboxPanel email={view.email} onBackToSignIn={() => toSignIn(view.email)} />;
      break;
    case 'forgot':
      body = (
        <ForgotPasswordForm
          defaultEmail={view.email}
          onCodeSent={(email) => setView({ name: 'reset', email, justSent: true })}
          onCancel={() => toSignIn(view.email)}
        />
      );
      break;
    case 'reset':
      body = (
        <ResetPasswordForm
          email={view.email}
          code={view.code}
          justSent={view.justSent}
          onDone={(email) => toSignIn(email, 'Your password has been changed. Sign in with your new password.')}
          onCancel={() => toSignIn(view.email)}
        />
      );
      break;
    default:
      body = (
        <Tabs
          label="Sign in or sign up"
          items={tabs}
          value={view.name}
          onValueChange={(value) => setView(value === 'sign-up' ? { name: 'sign-up' } : { name: 'sign-in' })}
        >
          {view.name === 'sign-in' ? (
            <div className="grid gap-4">
              {view.notice ? <Alert variant="success">{view.notice}</Alert> : null}
              <SignInForm
                key={view.email ?? ''}
                defaultEmail={view.email}
                onForgotPassword={(email) => setView({ name: 'forgot', email })}
              />
            </div>
          ) : (
            <SignUpForm onSignedUp={(email) => setView({ name: 'check-inbox', email })} />
          )}
        </Tabs>
      );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
      <section aria-labelledby="auth-intro" className="hidden lg:block">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{PRODUCT_TAGLINE}</p>
        <h1 id="auth-intro" className="mt-3 text-4xl font-bold tracking-tight">
          Welcome to {PRODUCT_NAME}
        </h1>
        <p className="mt-4 max-w-md text-lg text-muted-foreground">
          Sign in to plan, create and improve your Facebook and Instagram campaigns in one place.
        </p>
        <ul className="mt-8 grid gap-4">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary">
                <Icon aria-hidden="true" className="size-5 text-primary" />
              </span>
              <span className="pt-1.5 text-sm">{text}</span>
            </li>
          ))}
        </ul>
      </section>
      <Card className="mx-auto w-full max-w-md shadow-lg shadow-indigo-500/5">
        <CardContent className="p-6 sm:p-8">
          <h1 className="sr-only lg:hidden">Welcome to {PRODUCT_NAME}</h1>
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
