import type { Language } from '@portal/contracts/languages';
import { escapeHtml, mailFooter, oneLine, page, type RenderedMail } from './templates.ts';

export interface ReceiptMailValues {
  projectName: string;
  itemTitle: string;
  /** the amount as the player reads it ("79 ₽", "$0.99") */
  amount: string;
  /** the signed link that opens the PDF receipt */
  link: string;
  /** how many days the link opens the receipt */
  linkDays: number;
}

interface ReceiptTexts {
  subject: (project: string) => string;
  thanks: (item: string, amount: string) => string;
  open: string;
  validity: (days: number) => string;
  history: string;
}

const TEXTS: Record<Language, ReceiptTexts> = {
  ru: {
    subject: (p) => `${p}: чек об оплате`,
    thanks: (i, a) => `Спасибо за покупку! Вы оплатили «${i}» на сумму ${a}.`,
    open: 'Открыть чек',
    validity: (d) => `Ссылка действует ${d} дн.; позже чек можно открыть в истории покупок.`,
    history: 'Чек также доступен в истории покупок.',
  },
  en: {
    subject: (p) => `${p}: your receipt`,
    thanks: (i, a) => `Thank you for your purchase! You paid ${a} for “${i}”.`,
    open: 'Open the receipt',
    validity: (d) => `The link works for ${d} days; after that, open the receipt from your purchase history.`,
    history: 'The receipt is also in your purchase history.',
  },
  de: {
    subject: (p) => `${p}: Ihre Quittung`,
    thanks: (i, a) => `Vielen Dank für Ihren Kauf! Sie haben ${a} für „${i}“ bezahlt.`,
    open: 'Quittung öffnen',
    validity: (d) => `Der Link ist ${d} Tage gültig; danach finden Sie die Quittung in Ihrem Kaufverlauf.`,
    history: 'Die Quittung finden Sie auch in Ihrem Kaufverlauf.',
  },
  es: {
    subject: (p) => `${p}: tu recibo`,
    thanks: (i, a) => `¡Gracias por tu compra! Has pagado ${a} por «${i}».`,
    open: 'Abrir el recibo',
    validity: (d) => `El enlace funciona durante ${d} días; después, abre el recibo desde tu historial de compras.`,
    history: 'El recibo también está en tu historial de compras.',
  },
  fr: {
    subject: (p) => `${p} : votre reçu`,
    thanks: (i, a) => `Merci pour votre achat ! Vous avez payé ${a} pour « ${i} ».`,
    open: 'Ouvrir le reçu',
    validity: (d) => `Le lien fonctionne pendant ${d} jours ; ensuite, ouvrez le reçu depuis votre historique d’achats.`,
    history: 'Le reçu est aussi dans votre historique d’achats.',
  },
  it: {
    subject: (p) => `${p}: la tua ricevuta`,
    thanks: (i, a) => `Grazie per l’acquisto! Hai pagato ${a} per «${i}».`,
    open: 'Apri la ricevuta',
    validity: (d) => `Il link funziona per ${d} giorni; dopo, apri la ricevuta dalla cronologia degli acquisti.`,
    history: 'La ricevuta è anche nella cronologia degli acquisti.',
  },
  pt: {
    subject: (p) => `${p}: seu recibo`,
    thanks: (i, a) => `Obrigado pela compra! Você pagou ${a} por “${i}”.`,
    open: 'Abrir o recibo',
    validity: (d) => `O link funciona por ${d} dias; depois, abra o recibo no seu histórico de compras.`,
    history: 'O recibo também está no seu histórico de compras.',
  },
  zh: {
    subject: (p) => `${p}：您的收据`,
    thanks: (i, a) => `感谢您的购买！您已为“${i}”支付 ${a}。`,
    open: '打开收据',
    validity: (d) => `链接 ${d} 天内有效；之后请在购买记录中打开收据。`,
    history: '收据也可在购买记录中查看。',
  },
  ja: {
    subject: (p) => `${p}：領収書`,
    thanks: (i, a) => `ご購入ありがとうございます。「${i}」の代金 ${a} をお支払いいただきました。`,
    open: '領収書を開く',
    validity: (d) => `リンクの有効期間は ${d} 日です。その後は購入履歴から領収書を開いてください。`,
    history: '領収書は購入履歴でもご覧いただけます。',
  },
  ko: {
    subject: (p) => `${p}: 영수증`,
    thanks: (i, a) => `구매해 주셔서 감사합니다! “${i}”에 대해 ${a}을(를) 결제하셨습니다.`,
    open: '영수증 열기',
    validity: (d) => `링크는 ${d}일 동안 유효합니다. 이후에는 구매 내역에서 영수증을 여세요.`,
    history: '영수증은 구매 내역에서도 볼 수 있습니다.',
  },
};

/** The receipt letter after a purchase: what was bought, for how much, and the signed link to the PDF. */
export function receiptMail(language: Language, values: ReceiptMailValues): RenderedMail {
  const t = TEXTS[language] ?? TEXTS.en;
  const footer = mailFooter(language);
  const subject = oneLine(t.subject(values.projectName));
  const thanks = t.thanks(values.itemTitle, values.amount);
  const validity = t.validity(values.linkDays);
  const text = [thanks, '', `${t.open}: ${values.link}`, '', validity, '', '--', footer].join('\n');
  const html = page(
    language,
    escapeHtml(subject),
    [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(thanks)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 18px;background:#1f6feb;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t.open)}</a></p>`,
      `<p style="margin:0;font-size:14px;color:#6b7080">${escapeHtml(validity)}</p>`,
    ].join('\n'),
    escapeHtml(footer),
  );
  return { subject, text, html };
}
