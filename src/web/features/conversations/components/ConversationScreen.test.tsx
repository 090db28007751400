import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ConversationAnswer,
  ConversationMessage,
  DayNote,
} from '../../../../shared/api/conversations.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { ConversationScreen } from './ConversationScreen.js';
import { ConversationsScreen } from './ConversationsScreen.js';
import { DayNotesPanel } from './DayNotesPanel.js';

/**
 * The conversation screens (docs/decisions/0080-conversations.md): Aisha's conversation as her
 * father (the family side) and as her teacher (the school side), the list with unread badges and
 * Today's families' messages; axe-clean for each account type at a phone's and a desktop's width.
 */

const message = (overrides: Partial<ConversationMessage>): ConversationMessage => ({
  id: 1,
  studentId: 31,
  side: 'family',
  senderName: 'Kofi Rahman',
  mine: false,
  type: 'text',
  text: '',
  forDay: null,
  reason: null,
  time: null,
  name: null,
  phone: null,
  attachment: null,
  // 08:50 and 09:10 in New York (the test school's zone) in November.
  sentAt: '2026-11-24T13:50:00.000Z',
  readBy: [],
  ...overrides,
});

const HOURS = {
  days: [1, 2, 3, 4, 5],
  opens: '07:30',
  closes: '18:00',
  timeZone: 'America/New_York',
  openNow: false,
  nextOpening: '2026-11-25T12:30:00.000Z',
};

const MESSAGES = [
  message({
    id: 1,
    text: 'She coughed last night.',
    readBy: [{ name: 'Amara Okafor', readAt: '2026-11-24T14:00:00.000Z' }],
  }),
  message({ id: 2, type: 'absent', reason: 'A fever', forDay: '2026-11-24' }),
  message({
    id: 3,
    side: 'school',
    senderName: 'Amara Okafor',
    text: 'Get well soon!',
    sentAt: '2026-11-24T14:10:00.000Z',
  }),
];

const conversation = (side: 'family' | 'school', messages = MESSAGES): { data: ConversationAnswer } => ({
  data: {
    studentId: 31,
    studentName: 'Aisha Rahman',
    className: 'KG',
    side,
    messages: messages.map((m) => ({ ...m, mine: m.side === side })),
    hasOlder: false,
    hours: HOURS,
  },
});

const sentAnswer = (body: Record<string, unknown>) => ({
  data: message({
    id: 4,
    mine: true,
    type: body.type as ConversationMessage['type'],
    time: (body.time as string) || null,
  }),
});

function renderConversation(side: 'family' | 'school') {
  const api = mockApi({
    'GET users/profile': profile(side === 'family' ? 'Parent' : 'Teacher'),
    'GET pupils/31/conversation': conversation(side),
    'POST pupils/31/conversation/read': { data: { marked: 1 } },
    'POST pupils/31/conversation/messages': (request: { body?: unknown }) =>
      sentAnswer(request.body as Record<string, unknown>),
    'GET conversations/unread': { data: { total: 0, children: [] } },
    'GET conversations': { data: [] },
  });
  const view = renderScreen(<ConversationScreen studentId={31} />, {
    path: '/conversations/31',
    pattern: '/conversations/:id',
  });
  return { ...view, api };
}

describe('a child’s conversation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the family sees the messages oldest first, who of the school read theirs, and the message hours; opening marks the school’s read', async () => {
    const { api } = renderConversation('family');
    expect(
      await screen.findByRole('heading', { name: 'Messages with the school about Aisha Rahman' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages with the school about Aisha Rahman' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('She coughed last night.'),
      expect.stringContaining('Absent today: A fever'),
      expect.stringContaining('Get well soon!'),
    ]);
    expect(items[0]).toHaveTextContent('Read by the school (Amara Okafor)');
    expect(items[1]).toHaveTextContent('Not read yet');
    // The school's message carries no receipt for the family.
    expect(items[2]).not.toHaveTextContent(/Read by|Not read/);
    expect(screen.getByText(/outside the message hours/)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: 'pupils/31/conversation/read', body: { upTo: 3 } },
      ]),
    );
  });

  it('sends "Late pick-up" with its time in two choices and a field', async () => {
    const { api, user } = renderConversation('family');
    await user.click(await screen.findByRole('radio', { name: 'Late pick-up' }));
    await user.type(screen.getByLabelText('Pick-up time'), '17:30');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'pupils/31/conversation/messages')?.body).toMatchObject({
        type: 'late-pickup',
        time: '17:30',
      }),
    );
    expect(await screen.findByRole('radio', { name: 'Message' })).toBeChecked();
  });

  it('the school writes messages only, and sees what the family read', async () => {
    renderConversation('school');
    expect(
      await screen.findByRole('heading', { name: 'Messages with Aisha Rahman’s family' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText(/outside the message hours/)).not.toBeInTheDocument();
    const items = within(
      screen.getByRole('list', { name: 'Messages with Aisha Rahman’s family' }),
    ).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('Not read yet');
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
    expect(screen.getByLabelText('Attach a photo or PDF')).toHaveAttribute(
      'accept',
      'image/*,application/pdf',
    );
  });

  for (const width of [375, 1280]) {
    for (const side of ['family', 'school'] as const) {
      it(`has no serious axe violation for the ${side} at ${width} px`, async () => {
        vi.stubGlobal('innerWidth', width);
        const { container } = renderConversation(side);
        await screen.findByRole('button', { name: 'Send' });
        expect(await blocking(container)).toEqual([]);
      });
    }
  }
});

describe('the list of conversations', () => {
  it('shows each child with the unread badge, unread first, and leads to the conversation; axe-clean', async () => {
    mockApi({
      'GET users/profile': profile('Teacher'),
      'GET conversations': {
        data: [
          {
            studentId: 31,
            studentName: 'Aisha Rahman',
            className: 'KG',
            unread: 2,
            last: { text: '', type: 'late-pickup', side: 'family', sentAt: '2026-11-24T13:50:00.000Z' },
          },
          { studentId: 32, studentName: 'Ben Osei', className: 'KG', unread: 0, last: null },
        ],
      },
    });
    const { container } = renderScreen(<ConversationsScreen />, {
      path: '/conversations',
      pattern: '/conversations',
    });
    // The link is named by what it shows (axe: the visible text is the accessible name).
    const aisha = await screen.findByRole('link', { name: /^Aisha Rahman.*2 unread/ });
    expect(aisha).toHaveAttribute('href', '/conversations/31');
    expect(aisha).toHaveTextContent('Late pick-up');
    expect(screen.getByRole('link', { name: /^Ben Osei/ })).toHaveTextContent('No messages yet');
    expect(await blocking(container)).toEqual([]);
  });
});

describe('Today’s families’ messages', () => {
  const note = (overrides: Partial<DayNote>): DayNote => ({
    messageId: 1,
    studentId: 31,
    studentName: 'Aisha Rahman',
    type: 'absent',
    reason: 'A fever',
    time: null,
    name: null,
    phone: null,
    senderName: 'Kofi Rahman',
    sentAt: '2026-11-24T12:40:00.000Z',
    ...overrides,
  });

  it('lists expected absences, late pick-ups and other collectors, each leading to its conversation', async () => {
    mockApi({
      'GET classes/2/day-notes?date=2026-11-24': {
        date: '2026-11-24',
        data: [
          note({}),
          note({
            messageId: 2,
            studentId: 32,
            studentName: 'Ben Osei',
            type: 'late-pickup',
            reason: null,
            time: '17:30',
          }),
          note({
            messageId: 3,
            studentId: 33,
            studentName: 'Cara Diallo',
            type: 'other-collector',
            reason: null,
            name: 'Jamal Osei',
            phone: '+1 555 0100',
          }),
        ],
      },
    });
    const { container } = renderScreen(<DayNotesPanel classId={2} date="2026-11-24" />);
    expect(await screen.findByRole('heading', { name: 'Families’ messages for today' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aisha Rahman: expected absent. A fever' })).toHaveAttribute(
      'href',
      '/conversations/31',
    );
    expect(screen.getByRole('link', { name: 'Ben Osei: late pick-up at 17:30' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Cara Diallo: collected by Jamal Osei (+1 555 0100)' }),
    ).toBeInTheDocument();
    expect(await blocking(container)).toEqual([]);
  });
});

describe('the conversation in another language', () => {
  it('every text of the screen comes from a catalog (pseudo-locale), and reads in French', async () => {
    mockApi({
      'GET users/profile': profile('Parent'),
      'GET pupils/31/conversation': conversation('family'),
      'POST pupils/31/conversation/read': { data: { marked: 1 } },
    });
    const { container, unmount } = renderScreen(
      <I18nProvider translator={testTranslator('en-XA')}>
        <ConversationScreen studentId={31} />
      </I18nProvider>,
      { path: '/conversations/31', pattern: '/conversations/:id' },
    );
    await screen.findByRole('list');
    // The messages' own words, the people, the class and the formatted times are user data.
    const times = [...container.querySelectorAll('.conversation-message__from')].map(
      (node) => node.textContent?.split(', ').slice(1).join(', ') ?? '',
    );
    const nextOpening =
      /\(([^)]+)\)$/.exec(container.querySelector('.conversation-hours--closed')?.textContent ?? '')?.[1] ??
      '';
    const data = [
      'Aisha Rahman',
      'Kofi Rahman',
      'Amara Okafor',
      'KG',
      'She coughed last night.',
      'A fever',
      'Get well soon!',
      nextOpening,
      ...times,
    ];
    expect(untranslatedTexts(container, data)).toEqual([]);
    unmount();

    renderScreen(
      <I18nProvider translator={testTranslator('fr')}>
        <ConversationScreen studentId={31} />
      </I18nProvider>,
      { path: '/conversations/31', pattern: '/conversations/:id' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Messages avec l’école au sujet de Aisha Rahman' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Récupération tardive' })).toBeInTheDocument();
  });
});
