import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { SendNotificationScreen, sentText } from './SendNotificationScreen.js';

const SENT_TEXT = 'Notification sent.';
const EMAIL_FAMILIES_LABEL = 'Also email the families';
const english = testTranslator();
const t = english.t.bind(english);

const CLASSES = { data: [{ classId: 3, class_name: 'Class 1' }] };
const PUPILS = { data: [{ studentId: 11, studentName: 'Ada Lovelace' }] };

function open(
  type: typeof USER_TYPE.teacher | typeof USER_TYPE.principal,
  routes: Record<string, object> = {},
) {
  const api = mockApi({
    'GET users/profile': profile(type, 7),
    'GET teacher/assign_class': CLASSES,
    'GET student_class/3': PUPILS,
    'POST notification': { data: { id: 1, emailed: 0 } },
    ...routes,
  });
  return { api, ...renderScreen(<SendNotificationScreen />) };
}

const posted = (api: ReturnType<typeof open>['api']) => api.requests.find((r) => r.method === 'POST')?.body;

describe('Send notification', () => {
  it('lets a teacher write to a class, but not to everyone', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = open(USER_TYPE.teacher);
    await screen.findByRole('option', { name: 'Class 1' });
    expect(screen.queryByLabelText('Everyone')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
    await user.type(screen.getByLabelText('Message'), 'Sports day on Friday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SENT_TEXT));
    expect(posted(api)).toEqual({ notification: 'Sports day on Friday', classId: 3 });
  });

  it('picks one pupil of a class from student_class/{classId}', async () => {
    const { api, user } = open(USER_TYPE.teacher);
    await screen.findByRole('option', { name: 'Class 1' });
    await user.click(screen.getByLabelText('One pupil'));
    await user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a pupil');
    await screen.findByRole('option', { name: 'Ada Lovelace' });
    await user.selectOptions(screen.getByLabelText('Pupil'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Message'), 'Well done');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted(api)).toEqual({ notification: 'Well done', studentId: 11 }));
  });

  it('lets the principal write to everyone', async () => {
    const { api, user } = open(USER_TYPE.principal);
    await user.click(await screen.findByLabelText('Everyone'));
    expect(screen.queryByLabelText('Class')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'School closed Monday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted(api)).toEqual({ notification: 'School closed Monday', everyone: true }),
    );
  });

  it('also emails the families when ticked, and says how many were emailed', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = open(USER_TYPE.teacher, { 'POST notification': { data: { id: 2, emailed: 3 } } });
    await screen.findByRole('option', { name: 'Class 1' });
    const box = screen.getByRole('checkbox', { name: EMAIL_FAMILIES_LABEL });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
    await user.type(screen.getByLabelText('Message'), 'Sports day on Friday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Notification sent. Emailed to 3 parents.'));
    expect(posted(api)).toEqual({ notification: 'Sports day on Friday', classId: 3, emailFamilies: true });
  });

  it('words the toast for one, none and no mail asked', () => {
    expect(sentText(t, false, 0)).toBe(SENT_TEXT);
    expect(sentText(t, true, 1)).toBe('Notification sent. Emailed to 1 parent.');
    expect(sentText(t, true, 0)).toBe(
      'Notification sent. No family of these pupils has a parent account to email.',
    );
  });

  it('asks for a class and a message before sending, and shows the server’s refusal', async () => {
    allowConsoleErrors();
    const { api, user } = open(USER_TYPE.teacher, {
      'POST notification': apiError(404, 'NOT_FOUND', 'That class was not found'),
    });
    await screen.findByRole('option', { name: 'Class 1' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write the notification')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('That class was not found')).toBeInTheDocument();
  });

  it('speaks the pseudo-locale, and Arabic', async () => {
    mockApi({
      'GET users/profile': profile(USER_TYPE.principal, 7),
      'GET teacher/assign_class': CLASSES,
      'GET student_class/3': PUPILS,
    });
    const { container, unmount } = renderScreen(
      <I18nProvider translator={testTranslator('en-XA')}>
        <SendNotificationScreen />
      </I18nProvider>,
    );
    await screen.findByRole('option', { name: 'Class 1' });
    // The class picker belongs to the school shell (components/school), translated beside this screen.
    expect(untranslatedTexts(container, ['Class 1', 'Class', 'Choose a class'])).toEqual([]);
    unmount();
    renderScreen(
      <I18nProvider translator={testTranslator('ar')}>
        <SendNotificationScreen />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'إرسال إشعار' })).toBeInTheDocument();
    expect(await screen.findByLabelText('الجميع')).toBeInTheDocument();
    expect(sentText(testTranslator('ar').t, true, 2)).toBe(
      'تم إرسال الإشعار. أُرسل بالبريد الإلكتروني إلى وليَّي أمر.',
    );
  });
});
