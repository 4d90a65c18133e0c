import { useState } from 'react';
import { Link, Navigate, useNavigate } from '@lender/shared/client/router';
import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import { saveSession, sessionStarted, SESSION_LIFETIME_MS } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import type { LoginRequest } from '@lender/shared/contract/users';
import { texts } from '@lender/shared/texts';
import { App, Button, Form, Input, Typography } from '@lender/shared/ui/antd-core';
import { EyeInvisibleOutlined, EyeOutlined } from '@lender/shared/ui/icons-core';
import { BrandLogo, BrandMark, LENDER_NAME } from '../app/brand';
import { useLoginMutation } from '../app/shell-api';
import { FloatingThemeToggle } from '../app/theme-toggle';
import { selectSessionUser } from './session-slice';
import { missingTokenMessage, signInFailureMessage } from './sign-in-error';

function PasswordInput(props: { id?: string; value?: string; onChange?: (value: never) => void }) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      placeholder="Enter your password"
      suffix={
        <Button
          type="text"
          size="small"
          aria-label={visible ? 'Hide password' : 'Show password'}
          icon={visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}

function SignInForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const signIn = async (values: LoginRequest) => {
    setFailure(null);
    const result = await login({ email: values.email ?? '', password: values.password ?? '' });
    if ('error' in result) {
      setFailure(signInFailureMessage(result.error));
      return;
    }
    const { access_token: token, user, expires_at: expiresAt } = result.data;
    if (!token || !user) {
      setFailure(missingTokenMessage(result.data));
      return;
    }
    const expiry = typeof expiresAt === 'number' ? expiresAt : Date.now() + SESSION_LIFETIME_MS;
    saveSession(user, token, expiry);
    dispatch(sessionStarted({ user, token, expiresAt: expiry }));
    navigate(appRoutes.dashboard, { replace: true });
  };

  return (
    <div className="sign-in__form">
      <Typography.Title level={1} className="sign-in__heading">
        {texts.signIn.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{texts.signIn.subText}</Typography.Paragraph>
      <Form<LoginRequest> layout="vertical" onFinish={signIn} requiredMark disabled={isLoading}>
        <Form.Item label="Email" name="email" required>
          <Input inputMode="email" autoComplete="username" placeholder="info@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" required>
          <PasswordInput />
        </Form.Item>
        {failure ? (
          <Typography.Paragraph role="alert" strong type="danger" className="sign-in__failure">
            {failure}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {isLoading ? texts.signIn.submitting : texts.signIn.submit}
        </Button>
        <div role="status" className="visually-hidden">
          {isLoading ? texts.signIn.submitting : ''}
        </div>
      </Form>
    </div>
  );
}

/** /signin, outside the main layout (specification §2.1). */
export function SignInPage() {
  const user = useAppSelector(selectSessionUser);
  if (user) return <Navigate to={appRoutes.dashboard} replace />;
  return (
    // Notifications of this page sit bottom right (specification §2.1, §9).
    <App notification={{ placement: 'bottomRight' }} component={false}>
      <main className="sign-in">
        <section className="sign-in__form-area" aria-label={texts.signIn.heading}>
          <div className="sign-in__small-logo">
            <BrandLogo />
          </div>
          <SignInForm />
        </section>
        <aside className="sign-in__brand-panel" aria-label={LENDER_NAME}>
          <div className="sign-in__brand-content">
            <Link to={appRoutes.dashboard} className="sign-in__brand-logo" aria-label={`${LENDER_NAME} home`}>
              <BrandMark size={56} />
              <span>{LENDER_NAME}</span>
            </Link>
            <p className="sign-in__welcome">{texts.signIn.welcome}</p>
          </div>
        </aside>
        <FloatingThemeToggle />
      </main>
    </App>
  );
}
