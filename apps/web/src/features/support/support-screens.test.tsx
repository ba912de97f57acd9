import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTicket } from '@portal/contracts/support';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { TicketsRoute, TicketCreateRoute, TicketRoute } from './routes';
import { SupportPanel } from './index';
import type * as UploadModule from './api/upload';

const postMultipart = vi.fn();
vi.mock('./api/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadModule>()),
  postMultipart: (...args: unknown[]) => postMultipart(...args),
}));

const TICKET_ID = '6f1c2a4e-5b7d-4c8e-9f00-112233445566';

const ticket = (over: Partial<TTicket> = {}): TTicket => ({
  id: TICKET_ID,
  title: 'Lost my sword',
  status: 'open',
  createTs: '2026-11-20T10:00:00.000Z',
  messages: [
    {
      id: 'm1',
      isUserMsg: true,
      text: '<p>It was <strong>gone</strong></p><img src=x onerror="alert(1)">',
      image: { path: '/api/support/files/a.png?t=1' },
      video: null,
      createTs: '2026-11-20T10:00:00.000Z',
      isAutomated: false,
      author: 'user',
    },
    {
      id: 'm2',
      isUserMsg: false,
      text: '<p>Message received by the system</p>',
      image: null,
      video: null,
      createTs: '2026-11-20T10:00:01.000Z',
      isAutomated: true,
      author: 'system',
    },
    {
      id: 'm3',
      isUserMsg: false,
      text: '<p>We restored it.</p>',
      image: null,
      video: { path: '/api/support/files/b.mp4?t=1' },
      createTs: '2026-11-20T11:00:00.000Z',
      isAutomated: false,
      author: 'staff',
    },
  ],
  ...over,
});

const supportRoutes = [
  { path: '/support/tickets', element: <TicketsRoute /> },
  { path: '/support/ticket/create/:first?', element: <TicketCreateRoute /> },
  { path: '/support/ticket/:id?', element: <TicketRoute /> },
];

beforeAll(async () => {
  await setupI18n('en');
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
});

beforeEach(() => {
  postMultipart.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function typeInEditor(name: string, text: string) {
  // Let the screen settle first: the composer may mount again once the ticket's answers are in.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  const box = await screen.findByRole('textbox', { name }, { timeout: 5_000 });
  // jsdom has no input events for contenteditable: put the text in the DOM ProseMirror reads.
  await act(async () => {
    box.querySelector('p')!.textContent = text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('My Tickets', () => {
  it('lists title, date and unread count, and links to each chat', async () => {
    mockApi({
      '/api/support/get-tickets': {
        body: { data: [{ id: TICKET_ID, title: 'Lost my sword', createTs: '2026-11-20T10:00:00.000Z', unreadMessageCount: 2 }] },
      },
    });
    renderRoutes(supportRoutes, '/support/tickets');
    expect(await screen.findByRole('heading', { name: 'My Tickets' })).toBeInTheDocument();
    const item = await screen.findByRole('link', { name: /Lost my sword/ });
    expect(item.getAttribute('href')).toBe(`/support/ticket/${TICKET_ID}`);
    expect(item.textContent).toContain('2026-11-20');
    expect(within(item).getByText(/unread messages/).parentElement!.textContent).toContain('2');
    expect(screen.getByRole('link', { name: 'Create ticket' }).getAttribute('href')).toBe('/support/ticket/create');
    // A guest gets a Temp-User-Id before the first call.
    expect(localStorage.getItem('tempUserId')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the empty stub with the first-ticket link', async () => {
    mockApi({ '/api/support/get-tickets': { body: { data: [] } } });
    renderRoutes(supportRoutes, '/support/tickets');
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to support' }).getAttribute('href')).toBe('/support/ticket/create/1');
  });

  it('shows the GET_TICKETS_ERROR text when the list fails', async () => {
    mockApi({ '/api/support/get-tickets': { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    renderRoutes(supportRoutes, '/support/tickets');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load your tickets.')).toBeInTheDocument();
  });
});

describe('in Russian', () => {
  afterEach(async () => {
    await setupI18n('en');
  });

  it('the list and the upload limits read in the chosen language', async () => {
    await setupI18n('ru');
    mockApi({ '/api/support/get-tickets': { body: { data: [] } } });
    renderRoutes(supportRoutes, '/support/tickets');
    expect(await screen.findByText(/У вас пока нет обращений/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Написать в поддержку' })).toBeInTheDocument();
  });

  it('the size refusal names the limit in МБ', async () => {
    await setupI18n('ru');
    mockApi({});
    renderRoutes(supportRoutes, '/support/ticket/create');
    const big = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    await userEvent.setup().upload(await screen.findByLabelText('Изображение'), big);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toMatch(/5 МБ/);
  });
});

describe('create a ticket', () => {
  it('refuses an empty description with support.descriptionEmptyWarning and sends nothing', async () => {
    mockApi({});
    renderRoutes(supportRoutes, '/support/ticket/create');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Please fill in the problem description')).toBeInTheDocument();
    expect(postMultipart).not.toHaveBeenCalled();
  });

  it('refuses a wrong image type and an over-limit video with their messages', async () => {
    mockApi({});
    renderRoutes(supportRoutes, '/support/ticket/create');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Image'), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
    const big = new File(['x'], 'v.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    await user.upload(screen.getByLabelText('Video'), big);
    expect(await screen.findByText('File size exceeds the limit of 100 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
  });

  it('sends the default title, the text and the image, then opens the chat', async () => {
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: [], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [],
          },
        },
      },
      '/api/support/get-ticket': { body: { data: ticket() } },
    });
    postMultipart.mockImplementation(async (_url: string, _body: FormData, onProgress?: (a: number, b: number) => void) => {
      onProgress?.(50, 100);
      return { id: TICKET_ID };
    });
    const { router } = renderRoutes(supportRoutes, '/support/ticket/create/1');
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Problem description' });
    await waitFor(() => expect(screen.getByLabelText('Title').getAttribute('placeholder')).toBe('Question about familytown'));
    await typeInEditor('Problem description', 'My sword vanished');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image'), png);
    expect(screen.getByText('shot.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/support/ticket/${TICKET_ID}`));
    const [url, body] = postMultipart.mock.calls[0] as [string, FormData];
    expect(url).toBe('/api/support/create-ticket');
    expect(JSON.parse(String(body.get('data')))).toEqual({ title: 'Question about familytown', text: '<p>My sword vanished</p>' });
    expect((body.get('image') as File).name).toBe('shot.png');
    expect(body.get('video')).toBeNull();
  });
});

describe('the chat', () => {
  it('tells the player, staff and system apart, sanitizes text and shows the attachments', async () => {
    mockApi({ '/api/support/get-ticket': { body: { data: ticket() } } });
    renderRoutes(supportRoutes, `/support/ticket?id=${TICKET_ID}`);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const [mine, system, staff] = within(log).getAllByRole('article');
    expect(mine!.getAttribute('aria-label')).toMatch(/^You, 2026-11-20/);
    expect(within(mine!).getByText('gone').tagName).toBe('STRONG');
    expect(within(mine!).getByRole('img', { name: 'Attached image' }).getAttribute('src')).toBe('/api/support/files/a.png?t=1');
    expect(mine!.querySelectorAll('img')).toHaveLength(1);
    expect(system!.getAttribute('aria-label')).toMatch(/^System/);
    expect(within(system!).getByText('Message received by the system')).toBeInTheDocument();
    expect(staff!.getAttribute('aria-label')).toMatch(/^Support/);
    expect(staff!.querySelector('video')?.getAttribute('src')).toBe('/api/support/files/b.mp4?t=1');
    // The editor attaches its instance once mounted: wait for it rather than race it.
    expect(await screen.findByRole('textbox', { name: 'Your message' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('a closed ticket is read-only with the conversation-ended note', async () => {
    mockApi({ '/api/support/get-ticket': { body: { data: ticket({ status: 'closed' }) } } });
    renderRoutes(supportRoutes, `/support/ticket/${TICKET_ID}`);
    expect(await screen.findByText('This conversation has ended')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('a send refused with TICKET_CLOSED reloads the ticket', async () => {
    let current = ticket();
    const fetchMock = mockApi({ '/api/support/get-ticket': () => ({ body: { data: current } }) });
    const { ApiError } = await import('@/shared/api/client');
    postMultipart.mockImplementation(async () => {
      current = ticket({ status: 'closed' });
      throw new ApiError('TICKET_CLOSED', 'HttpException: TICKET_CLOSED', 409);
    });
    renderRoutes(supportRoutes, `/support/ticket/${TICKET_ID}`);
    await screen.findByRole('textbox', { name: 'Your message' });
    await typeInEditor('Your message', 'Still there?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This conversation has ended')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/support/get-ticket')).length).toBeGreaterThanOrEqual(2);
  });

  it('a send refused by an upload quota or a full disk says so in a plain sentence', async () => {
    mockApi({ '/api/support/get-ticket': { body: { data: ticket() } } });
    const { ApiError } = await import('@/shared/api/client');
    postMultipart.mockRejectedValueOnce(new ApiError('UPLOAD_QUOTA_EXCEEDED', 'The daily upload allowance is used up', 429));
    postMultipart.mockRejectedValueOnce(new ApiError('STORAGE_FULL', 'Uploads are paused', 503));
    renderRoutes(supportRoutes, `/support/ticket/${TICKET_ID}`);
    await screen.findByRole('textbox', { name: 'Your message' });
    await typeInEditor('Your message', 'Here is a video');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You have uploaded too many files today. Try again later or send your message without attachments.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('File uploads are paused for now. Try again later or send your message without attachments.'),
    ).toBeTruthy();
  });

  it('polls the ticket every 60 s', async () => {
    const { ticketQueryOptions } = await import('./api/get-ticket');
    const { ticketsQueryOptions } = await import('./api/get-tickets');
    expect(ticketQueryOptions(TICKET_ID).refetchInterval).toBe(60_000);
    expect(ticketsQueryOptions().refetchInterval).toBe(60_000);
  });

  it('without an id goes to the list', async () => {
    mockApi({ '/api/support/get-tickets': { body: { data: [] } } });
    const { router } = renderRoutes(supportRoutes, '/support/ticket');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/tickets'));
  });
});

describe('SupportPanel', () => {
  it('switches list -> chat -> list in state, without routes', async () => {
    mockApi({
      '/api/support/get-tickets': {
        body: { data: [{ id: TICKET_ID, title: 'Lost my sword', createTs: '2026-11-20T10:00:00.000Z', unreadMessageCount: 0 }] },
      },
      '/api/support/get-ticket': { body: { data: ticket() } },
    });
    const onClose = vi.fn();
    const { router } = renderRoutes([{ path: '/games/en/', element: <SupportPanel onClose={onClose} /> }], '/games/en/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Lost my sword/ }));
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to my tickets' }));
    expect(await screen.findByRole('heading', { name: 'My Tickets' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByRole('heading', { name: 'New ticket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/games/en/');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens on the first-ticket form when asked', async () => {
    mockApi({});
    renderRoutes([{ path: '/', element: <SupportPanel first /> }], '/');
    expect(await screen.findByRole('heading', { name: 'New ticket' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to my tickets' })).toBeNull();
  });
});
