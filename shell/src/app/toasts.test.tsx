import { render, screen, within } from '@testing-library/react';
import { App } from '@lender/shared/ui/antd';
import { createShellStore } from '../store';
import { AppProviders } from './providers';
import { createLazyAppApi } from './toasts';

describe('createLazyAppApi', () => {
  it('keeps calls made before antd is there, asks for it, and replays them in order', () => {
    const request = jest.fn();
    const { api, ready } = createLazyAppApi(request);

    api.notification.success({ title: 'first' });
    api.notification.error({ title: 'second' });
    expect(request).toHaveBeenCalled();

    const calls: string[] = [];
    const real = {
      notification: {
        success: ({ title }: { title: string }) => calls.push(`success ${title}`),
        error: ({ title }: { title: string }) => calls.push(`error ${title}`),
      },
      message: {},
      modal: {},
    };
    ready(real as unknown as Parameters<typeof ready>[0]);
    expect(calls).toEqual(['success first', 'error second']);

    api.notification.success({ title: 'third' });
    expect(calls).toEqual(['success first', 'error second', 'success third']);
  });
});

function ToastOnMount() {
  const { notification } = App.useApp();
  return (
    <button type="button" onClick={() => notification.success({ title: 'Saved' })}>
      Save
    </button>
  );
}

describe('App.useApp() under the shell', () => {
  it('shows a notification asked for before antd App has loaded, in the Notifications region', async () => {
    render(
      <AppProviders store={createShellStore()}>
        <ToastOnMount />
      </AppProviders>,
    );
    screen.getByRole('button', { name: 'Save' }).click();

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Saved')).toBeInTheDocument();
  });
});
