import { Container, Paper, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { AuthSearch } from '../search.ts';
import { useAuth } from '../store.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { MfaStep } from './MfaStep.tsx';
import { ResetPasswordPanel } from './ResetPasswordPanel.tsx';
import { SessionEndedNotice } from './SessionEndedNotice.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { useAuthNavigation } from './use-auth-navigation.ts';
import classes from './AuthPage.module.css';

const TAB_LEADS = {
  'sign-in': 'Sign in to your GarageGuard account.',
  'sign-up': 'Create your GarageGuard account to order, manage your devices and get support.',
} as const;

/**
 * /auth (spec §2 "Auth"): the Welcome page with Sign In and Sign Up tabs, plus the panels around
 * them: the two-factor code step, forgot password and set a new password. Which one shows comes
 * from the URL's `mode` and from the session store ('mfa-required' always asks for the code).
 * 'Welcome' heads both tabs; the line under it says what the chosen tab does, so Sign Up reads as
 * creating an account.
 */
export function AuthPage({ search }: { search: AuthSearch }) {
  const status = useAuth((state) => state.status);
  const ended = useAuth((state) => state.ended ?? null);
  const { setMode, finishSignIn } = useAuthNavigation(search);
  const navigate = useNavigate();
  const mode = search.mode ?? 'sign-in';

  const panel = (() => {
    if (mode === 'reset') {
      return {
        title: status === 'mfa-required' ? 'Two-factor authentication' : 'Set a new password',
        body: (
          <ResetPasswordPanel
            onUpdated={() => navigate({ to: '/', replace: true })}
            onRequestNewLink={() => void setMode('forgot')}
          />
        ),
      };
    }
    if (status === 'mfa-required') {
      return { title: 'Two-factor authentication', body: <MfaStep onVerified={finishSignIn} /> };
    }
    if (mode === 'forgot') {
      return { title: 'Reset your password', body: <ForgotPasswordForm onBackToSignIn={() => void setMode('sign-in')} /> };
    }
    return {
      title: 'Welcome',
      lead: TAB_LEADS[mode === 'sign-up' ? 'sign-up' : 'sign-in'],
      body: (
        <>
          {ended && mode === 'sign-in' && <SessionEndedNotice ended={ended} />}
          <Tabs value={mode} onChange={(value) => value && void setMode(value === 'sign-up' ? 'sign-up' : 'sign-in')} keepMounted={false}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="sign-in">Sign In</Tabs.Tab>
              <Tabs.Tab value="sign-up">Sign Up</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="sign-in">
              <SignInForm onSignedIn={finishSignIn} onForgotPassword={() => void setMode('forgot')} />
            </Tabs.Panel>
            <Tabs.Panel value="sign-up">
              <SignUpForm onSignedIn={finishSignIn} onBackToSignIn={() => void setMode('sign-in')} />
            </Tabs.Panel>
          </Tabs>
        </>
      ),
    };
  })();

  return (
    <Container size={460} className={classes.page}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
        <Title order={1} className={classes.title} data-with-lead={'lead' in panel || undefined}>
          {panel.title}
        </Title>
        {'lead' in panel && (
          <Text c="dimmed" ta="center" className={classes.lead} data-testid="auth-lead">
            {panel.lead}
          </Text>
        )}
        {panel.body}
      </Paper>
    </Container>
  );
}
