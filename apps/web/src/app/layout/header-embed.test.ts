import { describe, expect, it } from 'vitest';
import { closeActionOf, closeQuestionKey, embedContextOf, isEmbedded, isLoaderOnlyPath, toastDurationOf } from './header-embed';

describe('embedded header variants', () => {
  it('names the variant of each service screen and reads the host values of the path', () => {
    expect(embedContextOf('/session/login/ses-1/web/en/familytown')).toMatchObject({
      variant: 'auth',
      session: 'ses-1',
      source: 'web',
      locale: 'en',
      project: 'familytown',
    });
    expect(embedContextOf('/session/login/email/ses-1/mobile')).toMatchObject({ variant: 'auth', session: 'ses-1', source: 'mobile' });
    expect(embedContextOf('/session/registration/-/web')).toMatchObject({ variant: 'auth', session: null, source: 'web' });
    expect(embedContextOf('/auth/recovery-password/ses-2')).toMatchObject({ variant: 'auth', session: 'ses-2' });
    expect(embedContextOf('/payments/process/p-1/web/ru/neuroarena')).toMatchObject({
      variant: 'payments',
      paymentId: 'p-1',
      source: 'web',
      project: 'neuroarena',
    });
    expect(embedContextOf('/payments/stripe/p-2')).toMatchObject({ variant: 'payments', paymentId: 'p-2' });
    expect(embedContextOf('/payments/yandex-pay/p-3')?.variant).toBe('payments');
    expect(embedContextOf('/transactions')?.variant).toBe('transactions');
    expect(embedContextOf('/transactions/help', '?id=p-1')?.variant).toBe('transactionHelper');
    expect(embedContextOf('/support/tickets')?.variant).toBe('ticketList');
    expect(embedContextOf('/support/ticket/create/1')?.variant).toBe('firstTicketCreate');
    expect(embedContextOf('/support/ticket/create')?.variant).toBe('ticketCreate');
    expect(embedContextOf('/support/ticket/t-1')?.variant).toBe('ticketItem');
    expect(embedContextOf('/support/ticket', '?id=t-1&source=mobile')).toMatchObject({ variant: 'ticketItem', source: 'mobile' });
    expect(embedContextOf('/prices/familytown')).toMatchObject({ variant: 'prices', project: 'familytown' });
    expect(embedContextOf('/games/en/')).toBeNull();
    expect(embedContextOf('/payments/done/abc')).toBeNull();
    expect(embedContextOf('/session/loginDone/abc')).toBeNull();
  });

  it('is the service header in a frame, in a host flow and on payment screens; the portal header otherwise', () => {
    expect(isEmbedded(embedContextOf('/session/login'), false)).toBe(false);
    expect(isEmbedded(embedContextOf('/session/login'), true)).toBe(true);
    expect(isEmbedded(embedContextOf('/session/login/ses-1/web'), false)).toBe(true);
    expect(isEmbedded(embedContextOf('/support/tickets'), false)).toBe(false);
    expect(isEmbedded(embedContextOf('/support/tickets', '?source=mobile'), false)).toBe(true);
    expect(isEmbedded(embedContextOf('/payments/process/p-1'), false)).toBe(true);
    expect(isEmbedded(embedContextOf('/games/en/'), true)).toBe(false);
  });

  it('close: payments cancel (4000), auth 1011, support 5000, the rest back to the start page', () => {
    expect(closeActionOf('payments')).toEqual({ kind: 'result', resultKind: 'payment', errorCode: 4000 });
    expect(closeActionOf('auth')).toEqual({ kind: 'result', resultKind: 'auth', errorCode: 1011 });
    for (const variant of ['ticketList', 'firstTicketCreate', 'ticketCreate', 'ticketItem'] as const) {
      expect(closeActionOf(variant)).toEqual({ kind: 'result', resultKind: 'support', errorCode: 5000 });
    }
    for (const variant of ['transactions', 'transactionHelper', 'prices'] as const)
      expect(closeActionOf(variant)).toEqual({ kind: 'home' });
    expect(closeQuestionKey('payments')).toBe('payment.cancelConfirm');
    expect(closeQuestionKey('ticketItem')).toBe('header.closeConfirmGame');
  });

  it('knows the loader-only pages, which show no header', () => {
    for (const path of ['/session/loginDone/eyJ4IjoxfQ', '/payments/done/abc', '/support/done', '/unauthorized/abc', '/loader']) {
      expect(isLoaderOnlyPath(path), path).toBe(true);
    }
    for (const path of ['/session/login', '/payments/process/p-1', '/support/tickets', '/loaders', '/games/en/']) {
      expect(isLoaderOnlyPath(path), path).toBe(false);
    }
  });
});

describe('toast durations', () => {
  it('are 2 s on the portal and 5 s on the service screens a host embeds', () => {
    for (const path of ['/games/en/', '/games/ru/familytown/', '/transactions', '/support/tickets', '/prices/familytown'])
      expect(toastDurationOf(path, '', false), path).toBe(2000);
    expect(toastDurationOf('/session/login/3aaf339c-16f8-41a0-85a5-f1bd96d33f08/web/en/familytown', '', false)).toBe(5000);
    expect(toastDurationOf('/payments/process/877bcedb-e7c6-42de-94aa-94b5f908c606', '', false)).toBe(5000);
    expect(toastDurationOf('/support/tickets', '', true)).toBe(5000);
  });
});
