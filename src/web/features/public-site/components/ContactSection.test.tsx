import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../../../shared/api/enquiry.js';
import { CONTACT_FORM_POST, FORM_POST_FAILURES } from '../../../../shared/api/form-posts.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/newsletter.js';
import type { SchoolSettings } from '../../../../shared/api/settings.js';
import { MESSAGES } from '../../../../shared/constants.js';
import { TOO_MANY_MESSAGES } from '../../../components/forms/public-form.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { answerForm } from '../../../test/form-fetch.js';
import { jsonResponse } from '../../../test/render-app.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { ContactForm } from './ContactForm.js';
import { ContactSection } from './ContactSection.js';

type Form = ReturnType<typeof within>;
async function fillContact(form: Form, user: { type: (el: Element, text: string) => Promise<void> }) {
  await user.type(form.getByLabelText('Your Name'), 'Asha Patel');
  await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
  await user.type(form.getByLabelText('Subject'), 'A visit');
  await user.type(form.getByLabelText('Message'), 'Could we visit on Friday?');
}

async function renderContact(school?: SchoolSettings, path = '/') {
  mockContent();
  const view = renderSection(<ContactSection />, path, { school });
  await screen.findByRole('heading', { level: 2, name: 'Contact Us For Any Query' });
  return { ...view, form: within(screen.getByRole('form', { name: 'Contact us' })) };
}

describe('ContactSection', () => {
  it('shows heading1, heading2 and the description of the contacts record, and the school’s contact details', async () => {
    await renderContact();
    expect(screen.getByText('Get In Touch')).toBeInTheDocument();
    const panel = within(screen.getByRole('complementary', { name: 'How to reach us' }));
    expect(panel.getByText('We answer within one school day.')).toBeInTheDocument();
    const value = (term: string) => panel.getByText(term).nextElementSibling?.textContent;
    expect(value('Address')).toBe('14 Orchard Lane, Greenfield');
    expect(value('Email')).toBe('hello@demo.school');
    expect(value('Phone')).toBe('+1 555 0142 310');
    expect(value('Opening Hours')).toBe('Mon - Sat: 8:00 am - 4:00 pm');
    expect(panel.getByRole('link', { name: 'hello@demo.school' })).toHaveAttribute(
      'href',
      'mailto:hello@demo.school',
    );
    expect(panel.getByRole('link', { name: '+1 555 0142 310' })).toHaveAttribute('href', 'tel:+15550142310');
  });

  it('takes the address, email, phone and opening hours from the school’s settings, leaving out what is not set', async () => {
    await renderContact({
      ...TEST_SCHOOL,
      address: '2 Hill Road, Upton',
      email: '',
      phone: '(020) 7946-0018',
      openingHours: '',
    });
    const panel = within(screen.getByRole('complementary', { name: 'How to reach us' }));
    expect(panel.getByText('We answer within one school day.')).toBeInTheDocument();
    const value = (term: string) => panel.getByText(term).nextElementSibling?.textContent;
    expect(value('Address')).toBe('2 Hill Road, Upton');
    expect(panel.getByRole('link', { name: '(020) 7946-0018' })).toHaveAttribute('href', 'tel:02079460018');
    expect(panel.queryByText('Email')).not.toBeInTheDocument();
    expect(panel.queryByText('Opening Hours')).not.toBeInTheDocument();
    // The contacts record's own address is not the school's any more.
    expect(panel.queryByText('14 Orchard Lane, Greenfield')).not.toBeInTheDocument();
  });

  it('has Your Name, Your Email, Subject, Message and Send Message', async () => {
    const { form } = await renderContact();
    expect(form.getByLabelText('Your Name')).toHaveAttribute('type', 'text');
    expect(form.getByLabelText('Your Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Subject')).toBeInTheDocument();
    expect(form.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(form.getByRole('button', { name: 'Send Message' })).toHaveAttribute('type', 'submit');
  });

  it('asks for all four fields with the contract’s messages when sent empty', async () => {
    const { form, user } = await renderContact();
    await user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await form.findByText(MESSAGES.enterName)).toBeInTheDocument();
    expect(form.getByText(MESSAGES.enterEmail)).toBeInTheDocument();
    expect(form.getByText(MESSAGES.enterSubject)).toBeInTheDocument();
    expect(form.getByText(MESSAGES.enterMessage)).toBeInTheDocument();
    expect(form.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Message')).toHaveAccessibleDescription(MESSAGES.enterMessage);
  });

  it('checks the email format', async () => {
    const { form, user } = await renderContact();
    await user.type(form.getByLabelText('Your Email'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText(ENQUIRY_MESSAGES.invalidEmail)).toBeInTheDocument();
  });

  it('sends the form to POST enquiries with an empty honeypot, thanks the visitor and empties it', async () => {
    const { form, user } = await renderContact();
    const sent = answerForm('enquiries', jsonResponse({ data: { received: true } }, 201));
    const honeypot = document.querySelector(`input[name="${HONEYPOT_FIELD}"]`);
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot).toHaveAttribute('aria-hidden', 'true');
    await fillContact(form, user);
    await user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(ENQUIRY_MESSAGES.sent)).toBeInTheDocument();
    expect(sent()).toEqual({
      name: 'Asha Patel',
      email: 'asha@example.com',
      subject: 'A visit',
      message: 'Could we visit on Friday?',
      [HONEYPOT_FIELD]: '',
    });
    expect(form.getByLabelText('Your Name')).toHaveValue('');
    expect(form.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the server’s 400 details at the fields and keeps what was written', async () => {
    const { form, user } = await renderContact();
    answerForm(
      'enquiries',
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the form',
            details: [{ field: 'subject', message: 'Subject from the server' }],
          },
        },
        400,
      ),
    );
    await fillContact(form, user);
    await user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await form.findByText('Subject from the server')).toBeInTheDocument();
    expect(form.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Message')).toHaveValue('Could we visit on Friday?');
  });

  it('says “Too many messages” on 429', async () => {
    const { form, user } = await renderContact();
    answerForm('enquiries', jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, 429));
    await fillContact(form, user);
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(TOO_MANY_MESSAGES)).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveValue('Asha Patel');
  });

  it('without its script it is a plain HTML form: posts to /contact with the names the server reads, checked by the browser', () => {
    // As the server renders it (and as hydration finds it): no script has run yet.
    const html = renderToString(<ContactForm search="" />);
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(CONTACT_FORM_POST.action);
    expect(form?.id).toBe(CONTACT_FORM_POST.anchor);
    expect(form?.hasAttribute('novalidate')).toBe(false);
    const control = (name: string) => form?.querySelector(`[name="${name}"]`);
    for (const [name, maxLength] of [
      ['name', '100'],
      ['email', '254'],
      ['subject', '200'],
      ['message', '5000'],
    ] as const) {
      expect(control(name)?.hasAttribute('required'), name).toBe(true);
      expect(control(name)?.getAttribute('maxlength'), name).toBe(maxLength);
    }
    expect(control('email')?.getAttribute('type')).toBe('email');
    expect(control('message')?.tagName).toBe('TEXTAREA');
    expect(control(HONEYPOT_FIELD)?.getAttribute('type')).toBe('text');
  });

  it('once its script runs, the form checks itself as before (no browser checks) and still names its action', async () => {
    const { form } = await renderContact();
    const element = screen.getByRole('form', { name: 'Contact us' }) as HTMLFormElement;
    expect(element).toHaveAttribute('method', 'post');
    expect(element).toHaveAttribute('action', '/contact');
    expect(element.noValidate).toBe(true);
    expect(form.getByLabelText('Message')).not.toHaveAttribute('maxlength');
    expect(form.getByLabelText('Your Name')).not.toHaveAttribute('required');
  });

  it('says the message was received when the URL says so (the answer to a send without the script)', async () => {
    const { form } = await renderContact(undefined, '/?contact=sent');
    expect(form.getByRole('status')).toHaveTextContent(ENQUIRY_MESSAGES.sent);
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists what was wrong when the URL says so, ignoring codes it does not know', async () => {
    const { form, user } = await renderContact(
      undefined,
      '/?contact=enterName&contact=invalidEmail&contact=bogus',
    );
    const alert = form.getByRole('alert');
    expect(alert).toHaveTextContent(CONTACT_FORM_POST.notDone);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([MESSAGES.enterName, ENQUIRY_MESSAGES.invalidEmail]);

    // Sent again with the script, the old outcome goes: the form's own messages take over.
    answerForm('enquiries', jsonResponse({ data: { received: true } }, 201));
    await fillContact(form, user);
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(ENQUIRY_MESSAGES.sent)).toBeInTheDocument();
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the server’s render says the outcome too', () => {
    const html = (search: string) => renderToString(<ContactForm search={search} />);
    expect(html('?contact=sent')).toContain(ENQUIRY_MESSAGES.sent);
    expect(html('?contact=tooMany')).toContain(FORM_POST_FAILURES.tooMany);
    expect(html('')).not.toContain('alert');
  });

  it('keeps the form usable when the contact details fail to load, and offers Retry', async () => {
    allowConsoleErrors();
    mockContent({ failing: ['contacts'] });
    renderSection(<ContactSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
