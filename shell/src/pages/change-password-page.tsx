import { useEffect } from 'react';
import { Navigate } from '@lender/shared/client/router';
import { useAppSelector } from '@lender/shared/client/hooks';
import { PASSWORD_TEXTS } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Alert, Button, Card, Divider, Flex, Typography } from '@lender/shared/ui/antd';
import { LogoutOutlined } from '@lender/shared/ui/icons';
import { BrandMark } from '../app/brand';
import { pageTitle } from '../app/lender';
import { ChangePasswordForm } from '../auth/change-password-form';
import { selectMustChangePassword } from '../auth/session-slice';
import { useSignOut } from '../auth/use-sign-out';

/**
 * /change-password, outside the layout: a user whose password an admin reset chooses their own
 * before anything else (the server refuses every other request meanwhile). Once changed, the new
 * session is stored and they go to the dashboard; they may sign out instead. Anyone else who opens
 * it goes to the dashboard.
 */
export function ChangePasswordPage() {
  const mustChangePassword = useAppSelector(selectMustChangePassword);
  const signOut = useSignOut();
  useEffect(() => {
    document.title = pageTitle('Change your password');
  }, []);

  // Also how the page leaves once the change is made: the renewed session no longer asks for it.
  if (!mustChangePassword) return <Navigate to={appRoutes.dashboard} replace />;

  return (
    <main className="change-password-page">
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Flex vertical gap="middle">
          <BrandMark size={40} />
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            Change your password
          </Typography.Title>
          <Alert type="warning" showIcon title={PASSWORD_TEXTS.mustChangePassword} />
          <ChangePasswordForm />
        </Flex>
        <Divider />
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void signOut()}>
          {texts.userMenu.signOut}
        </Button>
      </Card>
    </main>
  );
}
