import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { toastStore } from '@/shared/ui/notify';
import { EmailLoginPage } from './email-login-page';
import { RegistrationPage } from './registration-page';
import { RecoveryPage } from './recovery-page';

// The real widget is a web component doing proof of work; here a button "solves" it.
vi.mock('@/shared/ui/captcha/captcha-widget', () => ({
  CaptchaWidget: ({ onChange }: { onChange: (payload: string | null) => void }) => (
    <button type="button" onClick={() => onChange('solved-payload')}>
      solve robot check
    </button>
  ),
}));

const config = (limit: number) => ({
  projects: {
    name: 'familytown',
    authType: 'postMessage',
    authMethods: [],
    paymentsMethods: [],
    extra: [{ id: 'failedAttemptLimit', value: limit }],
  },
  mainData: { projectName: 'familytown', outOfCatalog: false },
  knownProjects: ['familytown'],
  allowedOrigins: [],
});

const FLOW = 'f'.repeat(43);
const RESULT = { currentAuthType: 'email', jwt: 'a.b.c', nickName: 'Nick', userId: '5f0c3c1e-1111-4222-8333-444455556666' };
const toasts: string[] = [];
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function routes(element: React.ReactNode, path: string) {
  return [
    { path, element },
    { path: '/games/:lng/', element: <p>catalogue</p> },
    { path: '/session/login/email', element: <p>email login</p> },
  ];
}

beforeEach(async () => {
  await setupI18n('en');
  toasts.length = 0;
  toastStore.attach((request) => toasts.push(request.text));
});

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, url: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === url)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('e-mail login form', () => {
  it('shows the field messages for empty and malformed fields', async () => {
    mockApi({ '/api/control/get-initial-config': { body: { data: config(5) } } });
    renderRoutes(routes(<EmailLoginPage />, '/session/login/email'), '/session/login/email');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Incorrect password format')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/auth/recovery-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/session/registration');
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/session/login');
  });

  it('counts warnings, shows the robot check at the limit, gates the button and sends the solution', async () => {
    let answer: unknown = { warningMessage: 'INVALID_PASSWORD_LOGIN_BY_EMAIL' };
    const fetchMock = mockApi({
      '/api/control/get-initial-config': { body: { data: config(2) } },
      '/api/auth/login-by-email': () => ({ body: { data: answer } }),
      '/api/auth/merge-anonymous': { body: { data: { result: true } } },
    });
    const { router } = renderRoutes(routes(<EmailLoginPage />, '/session/login/email'), '/session/login/email');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('E-mail');
    const password = screen.getByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Sign in' });

    await user.type(email, 'Player@Example.com');
    await user.type(password, 'Wrong1234');
    await user.click(submit);
    await waitFor(() => expect(valueOf(password)).toBe(''));
    expect(valueOf(email)).toBe('Player@Example.com');
    expect(toasts).toContain('Incorrect password');
    expect(localStorage.getItem('attempt')).toBe('1');
    expect(screen.queryByRole('button', { name: 'solve robot check' })).toBeNull();

    answer = { warningMessage: 'USER_NOT_EXIST_LOGIN_BY_EMAIL' };
    await user.type(password, 'Wrong1234');
    await user.click(submit);
    await waitFor(() => expect(valueOf(email)).toBe(''));
    expect(valueOf(password)).toBe('');
    expect(toasts).toContain('User with this email does not exist');
    expect(localStorage.getItem('attempt')).toBe('2');

    // At the limit: the widget, and the button waits for it.
    const solve = await screen.findByRole('button', { name: 'solve robot check' });
    await user.type(email, 'player@example.com');
    await user.type(password, 'Right1234');
    expect(isDisabled(submit)).toBe(true);
    await user.click(solve);
    expect(isDisabled(submit)).toBe(false);

    answer = { result: RESULT };
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/en/'));
    const sent = bodyOf(fetchMock, '/api/auth/login-by-email');
    expect(sent[0]).toEqual({ email: 'player@example.com', password: 'Wrong1234' });
    expect(sent[2]).toEqual({ email: 'player@example.com', password: 'Right1234', altcha: 'solved-payload' });
    expect(localStorage.getItem('attempt')).toBe('0');
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
  });

  it('a CAPTCHA_REQUIRED answer shows the robot check before the limit', async () => {
    mockApi({
      '/api/control/get-initial-config': { body: { data: config(5) } },
      '/api/auth/login-by-email': { status: 403, body: { code: 'CAPTCHA_REQUIRED', message: 'robot?' } },
    });
    renderRoutes(routes(<EmailLoginPage />, '/session/login/email'), '/session/login/email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'player@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'solve robot check' })).toBeInTheDocument();
    expect(isDisabled(screen.getByRole('button', { name: 'Sign in' }))).toBe(true);
    // Not this visitor's tries: their counter stays, and no "Too many attempts".
    expect(localStorage.getItem('attempt') ?? '0').toBe('0');
    expect(toasts).toContain('Prove that you are not a robot');
    expect(toasts.some((text) => /Too many attempts/.test(text))).toBe(false);
  });

  it('shows the robot check before the first try when the server counts this address over the limit', async () => {
    const fetchMock = mockApi({
      '/api/control/get-initial-config': { body: { data: config(5) } },
      '/api/auth/captcha-state': { body: { data: { required: true } } },
      '/api/auth/login-by-email': {
        body: {
          data: { result: { currentAuthType: 'email', jwt: 'a.b.c', nickName: 'P', userId: '5f0c3c1e-1111-4222-8333-444455556666' } },
        },
      },
    });
    renderRoutes(routes(<EmailLoginPage />, '/session/login/email'), '/session/login/email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'player@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right1234');
    const solve = await screen.findByRole('button', { name: 'solve robot check' });
    expect(isDisabled(screen.getByRole('button', { name: 'Sign in' }))).toBe(true);
    expect(toasts).toEqual([]);
    await user.click(solve);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(bodyOf(fetchMock, '/api/auth/login-by-email')).toHaveLength(1));
    // The one try went out with the solution.
    expect(bodyOf(fetchMock, '/api/auth/login-by-email')[0]).toEqual({
      email: 'player@example.com',
      password: 'Right1234',
      altcha: 'solved-payload',
    });
  });
});

describe('registration form', () => {
  it('asks for consent, shows the code step and clears the password on the way back', async () => {
    const fetchMock = mockApi({
      '/api/control/get-initial-config': { body: { data: config(5) } },
      '/api/auth/register-by-email': { body: { data: { result: true, resendAfterSeconds: 65, codeTtlSeconds: 600, flowToken: FLOW } } },
      '/api/auth/send-verification-code': { body: { data: { warningMessage: 'SEND_VERIFICATION_CODE_INCORRECT' } } },
    });
    renderRoutes(routes(<RegistrationPage />, '/session/registration'), '/session/registration');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret2024');
    const submit = screen.getByRole('button', { name: 'Register' });
    // The robot check is part of registration.
    expect(isDisabled(submit)).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'solve robot check' }));
    await user.click(submit);
    expect(await screen.findByText('Confirm your consent to the processing of personal data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'personal data policy' }).getAttribute('href')).toBe('/docs/EnPersonalData.html');

    await user.click(screen.getByRole('checkbox', { name: /personal data/ }));
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/auth/register-by-email')[0]).toEqual({
      email: 'new@example.com',
      password: 'Secret2024',
      altcha: 'solved-payload',
    });
    expect(screen.getByText('New code in 01:05')).toBeInTheDocument();
    expect(isDisabled(screen.getByRole('button', { name: 'Send the code again' }))).toBe(true);

    // A malformed code: the message and one failed attempt, no call.
    await user.type(screen.getByLabelText('Code from the e-mail'), '12a');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Code is not valid')).toBeInTheDocument();
    expect(localStorage.getItem('attempt')).toBe('1');
    expect(bodyOf(fetchMock, '/api/auth/send-verification-code')).toHaveLength(0);

    // A wrong code from the server: inline, counted. The code goes with this registration's flow token.
    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(localStorage.getItem('attempt')).toBe('2'));
    expect(screen.getByText('Code is not valid')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/auth/send-verification-code')[0]).toMatchObject({
      email: 'new@example.com',
      code: '123456',
      flowToken: FLOW,
    });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(valueOf(await screen.findByLabelText('E-mail'))).toBe('new@example.com');
    expect(valueOf(screen.getByLabelText('Password'))).toBe('');
  });

  it("links the consent to the project's own personal data policy in the page's language when set", async () => {
    const base = config(5);
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            ...base,
            projects: {
              ...base.projects,
              legalDocs: { en: { personalData: 'https://familytown.example/personal-data' }, de: { contacts: '/legal/de/kontakt.html' } },
            },
          },
        },
      },
    });
    renderRoutes(routes(<RegistrationPage />, '/session/registration'), '/session/registration');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'personal data policy' }).getAttribute('href')).toBe(
        'https://familytown.example/personal-data',
      ),
    );
  });

  it('an existing e-mail shows the inline message and clears the password', async () => {
    mockApi({
      '/api/control/get-initial-config': { body: { data: config(5) } },
      '/api/auth/register-by-email': { body: { data: { warningMessage: 'USER_EXIST_REGISTER_BY_EMAIL' } } },
    });
    renderRoutes(routes(<RegistrationPage />, '/session/registration'), '/session/registration');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret2024');
    await user.click(screen.getByRole('checkbox', { name: /personal data/ }));
    await user.click(await screen.findByRole('button', { name: 'solve robot check' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User with this email exists')).toBeInTheDocument();
    expect(valueOf(screen.getByLabelText('Password'))).toBe('');
  });
});

describe('recovery form', () => {
  it('goes e-mail, code, new password with repeat, then to the e-mail login', async () => {
    const fetchMock = mockApi({
      '/api/control/get-initial-config': { body: { data: config(5) } },
      '/api/auth/recovery-password': { body: { data: { result: true, resendAfterSeconds: 60, codeTtlSeconds: 600, flowToken: FLOW } } },
      '/api/auth/send-recovery-password-code': { body: { data: { result: true, validForSeconds: 600 } } },
      '/api/auth/activate-new-password': { body: { data: { result: true } } },
    });
    const { router } = renderRoutes(routes(<RecoveryPage />, '/auth/recovery-password'), '/auth/recovery-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your e-mail')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('New code in 01:00')).toBeInTheDocument();
    expect(toasts).toContain('Instructions for resetting the password have been sent to your e-mail');

    await user.type(screen.getByLabelText('Code from the e-mail'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const password = await screen.findByLabelText('New password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByText('Enter the password again')).toBeInTheDocument();
    await user.type(password, 'NewSecret77');
    await user.type(screen.getByLabelText('Repeat the password'), 'NewSecret78');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password mismatch! Try again')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'NewSecret77');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/session/login/email'));
    expect(toasts).toContain('Password updated successfully');
    // the code and the new password carry the flow token this window got: nobody else's recovery
    expect(bodyOf(fetchMock, '/api/auth/send-recovery-password-code')[0]).toMatchObject({ code: '654321', flowToken: FLOW });
    expect(bodyOf(fetchMock, '/api/auth/activate-new-password').at(-1)).toEqual({
      email: 'me@example.com',
      password: 'NewSecret77',
      flowToken: FLOW,
    });
  });
});
