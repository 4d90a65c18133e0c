import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testAdmin, testOfficer } from '../../testing/render-with-providers';
import {
  decodeDraftValues,
  encodeDraftValues,
  loadDraft,
  memoryDraftBackend,
  setDraftBackend,
  takeDraftPage,
} from '../client/form-draft-store';
import { clearSession } from '../client/session';
import { texts } from '../texts';
import { Button, dayjs, Form, Input } from './antd';
import { useFormDraft } from './use-form-draft';

interface Values {
  name?: string;
  phone?: string;
  password?: string;
}

/** A form as the product's are: fields, a Cancel that resets it, a submit that resets it once saved. */
function DraftedForm({ onSave }: { onSave?: (values: Values) => void }) {
  const [form] = Form.useForm<Values>();
  useFormDraft(form, 'probe-form', { omit: ['password'] });
  return (
    <Form<Values>
      form={form}
      onFinish={(values) => {
        onSave?.(values);
        form.resetFields();
      }}
    >
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="Phone" name="phone">
        <Input />
      </Form.Item>
      <Form.Item label="Password" name="password">
        <Input.Password />
      </Form.Item>
      <Button onClick={() => form.resetFields()}>Cancel</Button>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

/** The person types into a field. */
const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const kept = (userId = testAdmin.id) => loadDraft(userId, 'probe-form');
/** The session ends (expiry or a 401): the stored session is cleared, then the page goes. */
const sessionEnds = (unmount: () => void) => {
  clearSession();
  unmount();
};

beforeEach(() => setDraftBackend(memoryDraftBackend()));

describe('useFormDraft', () => {
  it('keeps what was typed when the session ends, and gives it back to the same user with a notice', async () => {
    const first = renderWithProviders(<DraftedForm />, { route: '/probe?x=1' });
    type('Name', 'Achieng Otieno');
    await waitFor(async () => expect(await kept()).toBeDefined());
    // The last change is not kept yet when the session ends: it is kept then.
    type('Phone', '0712345678');
    type('Password', 'Secret-123');
    await act(async () => {});
    sessionEnds(first.unmount);

    await waitFor(async () =>
      expect((await kept())?.values).toEqual({ name: 'Achieng Otieno', phone: '0712345678' }),
    );
    expect(takeDraftPage(testAdmin.id)).toBe('/probe?x=1');

    renderWithProviders(<DraftedForm />);
    expect(await screen.findByText(texts.drafts.restored)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Achieng Otieno');
    expect(screen.getByLabelText('Phone')).toHaveValue('0712345678');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('keeps each change a moment after it is typed, without waiting for the session to end', async () => {
    renderWithProviders(<DraftedForm />);
    type('Name', 'Wanjiru');
    await waitFor(async () => expect((await kept())?.values).toMatchObject({ name: 'Wanjiru' }));
  });

  it("never shows another user's draft", async () => {
    const first = renderWithProviders(<DraftedForm />, { user: testAdmin });
    type('Name', 'Achieng Otieno');
    await waitFor(async () => expect(await kept()).toBeDefined());
    sessionEnds(first.unmount);

    renderWithProviders(<DraftedForm />, { user: testOfficer });
    // Let the officer's (empty) look-up finish.
    await act(async () => {
      await kept(testOfficer.id);
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByText(texts.drafts.restored)).not.toBeInTheDocument();
    expect(takeDraftPage(testOfficer.id)).toBeNull();
    expect(await kept(testAdmin.id)).toBeDefined();
  });

  it('is discarded on cancel, on submit, on Discard, and when the form is left while signed in', async () => {
    const keepDraft = async () => {
      const view = renderWithProviders(<DraftedForm />);
      type('Name', 'Otieno');
      await waitFor(async () => expect(await kept()).toBeDefined());
      return view;
    };

    let view = await keepDraft();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(async () => expect(await kept()).toBeUndefined());
    view.unmount();

    view = await keepDraft();
    const onSave = jest.fn();
    sessionEnds(view.unmount);
    renderWithProviders(<DraftedForm onSave={onSave} />);
    expect(await screen.findByText(texts.drafts.restored)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Otieno' }));
    await waitFor(async () => expect(await kept()).toBeUndefined());
  });

  it('Discard in the notice empties the form and forgets the draft', async () => {
    const first = renderWithProviders(<DraftedForm />);
    type('Name', 'Kamau');
    await waitFor(async () => expect(await kept()).toBeDefined());
    sessionEnds(first.unmount);
    expect(await kept()).toBeDefined();

    const second = renderWithProviders(<DraftedForm />);
    fireEvent.click(await screen.findByRole('button', { name: texts.drafts.discard }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await waitFor(async () => expect(await kept()).toBeUndefined());
    // Leaving the emptied form while signed in keeps nothing either.
    second.unmount();
    expect(await kept()).toBeUndefined();
  });

  it('leaving the form while signed in forgets the draft', async () => {
    const view = renderWithProviders(<DraftedForm />);
    type('Name', 'Kamau');
    await waitFor(async () => expect(await kept()).toBeDefined());
    view.unmount();
    await waitFor(async () => expect(await kept()).toBeUndefined());
  });
});

describe('draft values', () => {
  it('keep chosen photos with their bytes and dates as their day, and give them back as the form takes them', () => {
    const photo = new File(['jpeg bytes'], 'passport.jpg', { type: 'image/jpeg' });
    const values = {
      first_name: 'Achieng',
      passport_photo: [{ uid: 'rc-1', name: 'passport.jpg', status: 'done', originFileObj: photo }],
      note_date: dayjs('2026-12-01'),
      next_of_kin: [{ name: 'Otieno', phone: '0712345678' }],
      password: 'never kept',
    };
    const encoded = encodeDraftValues(values, ['password']);
    expect(JSON.stringify(encoded)).not.toContain('never kept');

    const decoded = decodeDraftValues(encoded, (day) => dayjs(day)) as typeof values;
    expect(decoded.first_name).toBe('Achieng');
    expect(decoded.next_of_kin).toEqual([{ name: 'Otieno', phone: '0712345678' }]);
    expect(decoded.note_date.format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(decoded.passport_photo[0]).toMatchObject({ uid: 'rc-1', name: 'passport.jpg' });
    expect(decoded.passport_photo[0]?.originFileObj).toBe(photo);
    expect('password' in decoded).toBe(false);
  });
});
