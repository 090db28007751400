import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_MESSAGES, type NewsletterIssue } from '../../../../shared/api/mail.js';
import { isolated } from '../../../../shared/i18n/translator.js';
import { I18nProvider, type MessageKey, type MessageValues } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { onDeviceIn } from '../../../test/device-zone.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { NEWSLETTERS_TEXTS, NewslettersScreen } from './NewslettersScreen.js';

const english = testTranslator();
const en = (key: MessageKey, values?: MessageValues): string => english.t(key, values);

const SENT: NewsletterIssue = {
  id: 1,
  subject: 'Welcome back',
  text: 'The new term starts on Monday.\n\nSee you there!',
  sentBy: 'Amara Okafor',
  recipients: 4,
  createdAt: '2026-11-10T09:00:00.000Z',
};

function open(confirmedSubscribers = 3, routes: Record<string, object> = {}, locale?: 'fr' | 'ar' | 'en-XA') {
  const api = mockApi({
    'GET admin/newsletters': { data: [SENT], confirmedSubscribers },
    'POST admin/newsletters': (request: { body: unknown }) => ({
      data: {
        ...SENT,
        ...(request.body as object),
        id: 2,
        recipients: confirmedSubscribers,
        createdAt: '2026-11-21T09:00:00.000Z',
      },
    }),
    ...routes,
  });
  return {
    api,
    ...renderScreen(
      locale ? (
        <I18nProvider translator={testTranslator(locale)}>
          <NewslettersScreen />
        </I18nProvider>
      ) : (
        <NewslettersScreen />
      ),
    ),
  };
}

async function write(user: ReturnType<typeof open>['user'], subject: string, text: string) {
  await user.type(await screen.findByLabelText('Subject'), subject);
  await user.type(screen.getByLabelText('Text'), text);
}

describe('Newsletters (principal)', () => {
  it('says whom a newsletter reaches and lists the sent ones, newest first, to read', async () => {
    const { user } = open(3);
    expect(await screen.findByText(en(NEWSLETTERS_TEXTS.reach, { count: 3 }))).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: en(NEWSLETTERS_TEXTS.historyTitle) }));
    expect(history.getByText('Welcome back')).toBeInTheDocument();
    expect(history.getByText(/to 4 subscribers, by Amara Okafor/)).toBeInTheDocument();
    await user.click(history.getByText('Welcome back'));
    expect(history.getByText(/The new term starts on Monday/)).toBeVisible();
  });

  it('asks “Send to N subscribers?” and sends the subject and text; a toast says it is on its way', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = open(3);
    await write(user, 'Sports day', 'Bring a hat.{Enter}{Enter}See you!');
    await user.click(screen.getByRole('button', { name: en(NEWSLETTERS_TEXTS.send) }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Send to 3 subscribers?' }));
    expect(dialog.getByText('Sports day')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: en(NEWSLETTERS_TEXTS.confirmLabel) }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(en(NEWSLETTERS_TEXTS.sent, { count: 3 })));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      subject: 'Sports day',
      text: 'Bring a hat.\n\nSee you!',
    });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Text')).toHaveValue('');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The list loads again with the new one.
    await waitFor(() => expect(api.calls('GET')).toHaveLength(2));
  });

  it('sends nothing on Cancel, and nothing without a subject and a text', async () => {
    const { api, user } = open(3);
    await user.click(await screen.findByRole('button', { name: en(NEWSLETTERS_TEXTS.send) }));
    expect(await screen.findByText(MAIL_MESSAGES.enterSubject)).toBeInTheDocument();
    expect(screen.getByText(MAIL_MESSAGES.enterText)).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await write(user, 'Hello', 'Short note');
    await user.click(screen.getByRole('button', { name: en(NEWSLETTERS_TEXTS.send) }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
  });

  it('cannot send while nobody has confirmed', async () => {
    open(0);
    expect(await screen.findByText(MAIL_MESSAGES.noSubscribers)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en(NEWSLETTERS_TEXTS.send) })).toBeDisabled();
  });

  it('keeps the newsletter and says why when the server refuses it', async () => {
    allowConsoleErrors();
    const { user } = open(2, {
      'POST admin/newsletters': apiError(409, 'NO_SUBSCRIBERS', MAIL_MESSAGES.noSubscribers),
    });
    await write(user, 'Hello', 'Short note');
    await user.click(screen.getByRole('button', { name: en(NEWSLETTERS_TEXTS.send) }));
    await user.click(await screen.findByRole('button', { name: en(NEWSLETTERS_TEXTS.confirmLabel) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.noSubscribers);
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
  });

  it('asks before leaving with an unsent newsletter', async () => {
    const { router, user, location } = open(3);
    await write(user, 'Draft', 'Not finished');
    await router.navigate('/elsewhere');
    const dialog = within(await screen.findByRole('alertdialog', { name: en(NEWSLETTERS_TEXTS.leaveTitle) }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/');
    expect(screen.getByLabelText('Subject')).toHaveValue('Draft');
    await router.navigate('/elsewhere');
    await user.click(await screen.findByRole('button', { name: 'Leave without sending' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('has no serious or critical axe violation, the question open too', async () => {
    const { container, user } = open(3);
    await write(user, 'Hello', 'Short note');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: en(NEWSLETTERS_TEXTS.send) }));
    await screen.findByRole('alertdialog');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});

describe('Newsletters on a device in another time zone than the school', () => {
  onDeviceIn('Asia/Tokyo');

  it('dates the sent ones on the school’s clock (New York), not the device’s (Tokyo)', async () => {
    // 09:00 UTC is 04:00 in New York (18:00 in Tokyo).
    open(3);
    const history = within(await screen.findByRole('region', { name: en(NEWSLETTERS_TEXTS.historyTitle) }));
    expect(history.getByText('10 Nov 2026, 04:00, to 4 subscribers, by Amara Okafor')).toBeInTheDocument();
  });

  it('speaks the pseudo-locale everywhere but the newsletters, the confirmation too', async () => {
    const { user, container } = open(3, {}, 'en-XA');
    await screen.findByText('Welcome back');
    const shown = ['Welcome back', 'The new term starts on Monday.', 'See you there!', 'Amara Okafor', 'Nov'];
    expect(untranslatedTexts(container, shown)).toEqual([]);
    const [subject, text] = [...container.querySelectorAll<HTMLElement>('input, textarea')];
    await user.type(subject as HTMLElement, 'Hello');
    await user.type(text as HTMLElement, 'Dear all');
    await user.click(container.querySelector('button[type="submit"]') as HTMLElement);
    expect(untranslatedTexts(await screen.findByRole('alertdialog'), ['Hello'])).toEqual([]);
  });

  it('speaks Arabic: the reach, the sent line and the confirmation', async () => {
    const { user } = open(3, {}, 'ar');
    expect(await screen.findByText(/إلى 3 مشتركين أكّدوا عناوينهم/)).toBeInTheDocument();
    expect(
      screen.getByText(`إلى 4 مشتركين، بواسطة ${isolated('Amara Okafor')}`, { exact: false }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('الموضوع'), 'Hello');
    await user.type(screen.getByLabelText('النص'), 'Dear all');
    await user.click(screen.getByRole('button', { name: 'إرسال…' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'هل تريد الإرسال إلى 3 مشتركين؟' }),
    ).toBeInTheDocument();
  });
});
