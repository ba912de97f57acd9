import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_PROVIDER_CONFIG, type TPaymentProcessResponse } from '@portal/contracts/payments';
import { parsePaymentUrl } from '@/shared/bridge/host-bridge';
import { MODAL_CLOSE_DELAY_MS } from '@/shared/ui/modal/dialog';
import { useModal } from '@/shared/ui/modal/modal-context';
import { ModalProvider } from '@/shared/ui/modal/modal-provider';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { PaymentModal } from './payment-modal';
import { paymentModalValues } from './payment-target';

const process: TPaymentProcessResponse = {
  provider: null,
  providerId: null,
  paymentData: {
    projectName: 'familytown',
    cardLogoImage: '',
    ruName: 'Сундук монет',
    enName: 'Chest of coins',
    ruPrice: 349,
    enPrice: 4.99,
  },
  profileData: { mailToReceiveCheck: 'me@example.com', nickName: 'Farmer' },
  providers: [{ ...PAYMENT_PROVIDER_CONFIG.stripe, methods: ['card'] }],
};

function Opener() {
  const modal = useModal();
  const values = paymentModalValues(
    parsePaymentUrl('http://localhost:3000/payments/process/p-1/web?project=familytown', 'http://localhost:3000')!,
  );
  return (
    <button
      type="button"
      onClick={() => modal.open(<PaymentModal values={values} onDone={() => undefined} />, { label: 'Payment', values })}
    >
      Open
    </button>
  );
}

/** Long enough for a close (its fade-out) to have happened. */
const afterFadeOut = () => new Promise((resolve) => setTimeout(resolve, MODAL_CLOSE_DELAY_MS + 100));

// The real payment flow in the modal, its calls answered by the server stand-in.
describe('PaymentModal', () => {
  beforeEach(async () => {
    await setupI18n('en');
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: ['stripe'], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [],
          },
        },
      },
      '/api/payments/process/p-1': { body: { data: process } },
      '/api/payments/get/p-1': { body: { data: { status: 'none', payload: null, token: null, finished: false } } },
      '/api/payments/stripe/create/p-1': { body: { data: { clientSecret: '', id: 'sbx_1', sandbox: true, publishableKey: null } } },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const open = async () => {
    // The game page's own modal host, inside the router as in the app.
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ModalProvider>
              <Opener />
            </ModalProvider>
          ),
        },
      ],
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Chest of coins')).toBeInTheDocument();
  };

  it('closes on an outside click on the generic screen but not on a provider screen', async () => {
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment via Stripe', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    fireEvent.keyDown(document, { key: 'Escape' });
    await afterFadeOut();
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBeInTheDocument();
  });

  it('the generic screen closes on an outside click', async () => {
    await open();
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('paymentModalValues', () => {
  const own = 'https://portal.example';
  it('takes the path segments first, then the query values', () => {
    const target = parsePaymentUrl(`${own}/payments/process/p-9/web/ru/familytown/jwt-1?project=other&session=s-1&source=x`, own)!;
    // the portal pays with its own session, never a token the game put in the URL
    expect(paymentModalValues(target)).toEqual({
      id: 'p-9',
      source: 'web',
      locale: 'ru',
      project: 'familytown',
      jwt: null,
      session: 's-1',
    });
    const queryOnly = parsePaymentUrl(`${own}/payments/process/p-8?locale=en&project=neuroarena`, own)!;
    expect(paymentModalValues(queryOnly)).toEqual({
      id: 'p-8',
      source: null,
      locale: 'en',
      project: 'neuroarena',
      jwt: null,
      session: null,
    });
  });
});
