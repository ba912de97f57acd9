import type { Language } from '@portal/contracts/languages';
import type { MailMessage } from './mailer.ts';

export type RenderedMail = Omit<MailMessage, 'to'>;

export interface CodeMailValues {
  /** the product or project name shown to the player */
  projectName: string;
  code: string;
  /** how long the code works; default 10, the code policy's lifetime */
  validMinutes?: number;
}

export interface PasswordChangedValues {
  projectName: string;
  email: string;
}

interface CodeTexts {
  subject: (project: string) => string;
  /** the line before the code */
  lead: string;
  validity: (duration: string) => string;
  ignore: string;
}

interface Texts {
  registrationCode: CodeTexts;
  recoveryCode: CodeTexts;
  passwordChanged: { subject: (project: string) => string; body: (email: string) => string; advice: string };
  footer: string;
}

// Durations come from Intl ("10 минут", "10分钟"), so each sentence is built to take the
// nominative form the formatter gives for any number.
const TEXTS: Record<Language, Texts> = {
  ru: {
    registrationCode: {
      subject: (p) => `${p}: код подтверждения регистрации`,
      lead: 'Ваш код для завершения регистрации:',
      validity: (d) => `Срок действия кода — ${d}.`,
      ignore: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
    },
    recoveryCode: {
      subject: (p) => `${p}: код для восстановления пароля`,
      lead: 'Ваш код для восстановления пароля:',
      validity: (d) => `Срок действия кода — ${d}.`,
      ignore: 'Если вы не запрашивали восстановление пароля, проигнорируйте это письмо: ваш пароль останется прежним.',
    },
    passwordChanged: {
      subject: (p) => `${p}: пароль изменён`,
      body: (e) => `Пароль вашей учётной записи ${e} был изменён.`,
      advice: 'Если это были вы, ничего делать не нужно. Если нет, сразу восстановите пароль и напишите в поддержку.',
    },
    footer: 'Это письмо отправлено автоматически, отвечать на него не нужно.',
  },
  en: {
    registrationCode: {
      subject: (p) => `${p}: your registration code`,
      lead: 'Your code to finish registration:',
      validity: (d) => `The code is valid for ${d}.`,
      ignore: 'If you did not sign up, just ignore this message.',
    },
    recoveryCode: {
      subject: (p) => `${p}: your password recovery code`,
      lead: 'Your code to reset your password:',
      validity: (d) => `The code is valid for ${d}.`,
      ignore: 'If you did not ask to reset your password, ignore this message: your password stays the same.',
    },
    passwordChanged: {
      subject: (p) => `${p}: your password was changed`,
      body: (e) => `The password of your account ${e} was changed.`,
      advice: 'If it was you, there is nothing to do. If not, recover your password at once and contact support.',
    },
    footer: 'This message was sent automatically; please do not reply.',
  },
  de: {
    registrationCode: {
      subject: (p) => `${p}: Ihr Registrierungscode`,
      lead: 'Ihr Code zum Abschließen der Registrierung:',
      validity: (d) => `Der Code ist ${d} gültig.`,
      ignore: 'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail einfach.',
    },
    recoveryCode: {
      subject: (p) => `${p}: Code zum Zurücksetzen des Passworts`,
      lead: 'Ihr Code zum Zurücksetzen des Passworts:',
      validity: (d) => `Der Code ist ${d} gültig.`,
      ignore: 'Wenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    passwordChanged: {
      subject: (p) => `${p}: Ihr Passwort wurde geändert`,
      body: (e) => `Das Passwort Ihres Kontos ${e} wurde geändert.`,
      advice:
        'Wenn Sie das waren, ist nichts weiter zu tun. Falls nicht, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an den Support.',
    },
    footer: 'Diese Nachricht wurde automatisch versendet. Bitte antworten Sie nicht darauf.',
  },
  es: {
    registrationCode: {
      subject: (p) => `${p}: tu código de registro`,
      lead: 'Tu código para completar el registro:',
      validity: (d) => `El código es válido durante ${d}.`,
      ignore: 'Si no te has registrado, ignora este mensaje.',
    },
    recoveryCode: {
      subject: (p) => `${p}: tu código para recuperar la contraseña`,
      lead: 'Tu código para restablecer la contraseña:',
      validity: (d) => `El código es válido durante ${d}.`,
      ignore: 'Si no has solicitado restablecer la contraseña, ignora este mensaje: tu contraseña no cambiará.',
    },
    passwordChanged: {
      subject: (p) => `${p}: se ha cambiado tu contraseña`,
      body: (e) => `Se ha cambiado la contraseña de tu cuenta ${e}.`,
      advice: 'Si has sido tú, no tienes que hacer nada. Si no, recupera tu contraseña de inmediato y contacta con el soporte.',
    },
    footer: 'Este mensaje se ha enviado automáticamente; no es necesario responder.',
  },
  fr: {
    registrationCode: {
      subject: (p) => `${p} : votre code d’inscription`,
      lead: 'Votre code pour finaliser l’inscription :',
      validity: (d) => `Le code est valable ${d}.`,
      ignore: 'Si vous ne vous êtes pas inscrit, ignorez simplement ce message.',
    },
    recoveryCode: {
      subject: (p) => `${p} : votre code de récupération du mot de passe`,
      lead: 'Votre code pour réinitialiser votre mot de passe :',
      validity: (d) => `Le code est valable ${d}.`,
      ignore: 'Si vous n’avez pas demandé de réinitialisation, ignorez ce message : votre mot de passe reste inchangé.',
    },
    passwordChanged: {
      subject: (p) => `${p} : votre mot de passe a été modifié`,
      body: (e) => `Le mot de passe de votre compte ${e} a été modifié.`,
      advice: 'Si c’était vous, vous n’avez rien à faire. Sinon, réinitialisez immédiatement votre mot de passe et contactez le support.',
    },
    footer: 'Ce message a été envoyé automatiquement, merci de ne pas y répondre.',
  },
  it: {
    registrationCode: {
      subject: (p) => `${p}: il tuo codice di registrazione`,
      lead: 'Il tuo codice per completare la registrazione:',
      validity: (d) => `Il codice è valido per ${d}.`,
      ignore: 'Se non ti sei registrato, ignora questo messaggio.',
    },
    recoveryCode: {
      subject: (p) => `${p}: il tuo codice per recuperare la password`,
      lead: 'Il tuo codice per reimpostare la password:',
      validity: (d) => `Il codice è valido per ${d}.`,
      ignore: 'Se non hai richiesto di reimpostare la password, ignora questo messaggio: la tua password resterà invariata.',
    },
    passwordChanged: {
      subject: (p) => `${p}: la tua password è stata modificata`,
      body: (e) => `La password del tuo account ${e} è stata modificata.`,
      advice: 'Se sei stato tu, non devi fare nulla. In caso contrario, recupera subito la password e contatta l’assistenza.',
    },
    footer: 'Questo messaggio è stato inviato automaticamente, non rispondere.',
  },
  ja: {
    registrationCode: {
      subject: (p) => `${p}：登録確認コード`,
      lead: '登録を完了するための確認コード：',
      validity: (d) => `このコードの有効期限は${d}です。`,
      ignore: '登録した覚えがない場合は、このメールを無視してください。',
    },
    recoveryCode: {
      subject: (p) => `${p}：パスワード再設定コード`,
      lead: 'パスワードを再設定するための確認コード：',
      validity: (d) => `このコードの有効期限は${d}です。`,
      ignore: 'パスワードの再設定をリクエストしていない場合は、このメールを無視してください。パスワードは変更されません。',
    },
    passwordChanged: {
      subject: (p) => `${p}：パスワードが変更されました`,
      body: (e) => `アカウント ${e} のパスワードが変更されました。`,
      advice:
        'ご本人による変更であれば、対応は不要です。心当たりがない場合は、すぐにパスワードを再設定し、サポートにお問い合わせください。',
    },
    footer: 'このメールは送信専用です。返信しないでください。',
  },
  ko: {
    registrationCode: {
      subject: (p) => `${p}: 회원가입 인증 코드`,
      lead: '회원가입을 완료하기 위한 인증 코드:',
      validity: (d) => `이 코드는 ${d} 동안 유효합니다.`,
      ignore: '회원가입을 하지 않으셨다면 이 메일을 무시하세요.',
    },
    recoveryCode: {
      subject: (p) => `${p}: 비밀번호 재설정 코드`,
      lead: '비밀번호를 재설정하기 위한 인증 코드:',
      validity: (d) => `이 코드는 ${d} 동안 유효합니다.`,
      ignore: '비밀번호 재설정을 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 변경되지 않습니다.',
    },
    passwordChanged: {
      subject: (p) => `${p}: 비밀번호가 변경되었습니다`,
      body: (e) => `계정 ${e}의 비밀번호가 변경되었습니다.`,
      advice: '본인이 변경하셨다면 별도의 조치는 필요하지 않습니다. 본인이 아니라면 즉시 비밀번호를 재설정하고 고객 지원팀에 문의하세요.',
    },
    footer: '이 메일은 발신 전용입니다. 회신하지 마세요.',
  },
  pt: {
    registrationCode: {
      subject: (p) => `${p}: seu código de cadastro`,
      lead: 'Seu código para concluir o cadastro:',
      validity: (d) => `O código é válido por ${d}.`,
      ignore: 'Se você não se cadastrou, ignore esta mensagem.',
    },
    recoveryCode: {
      subject: (p) => `${p}: seu código de recuperação de senha`,
      lead: 'Seu código para redefinir a senha:',
      validity: (d) => `O código é válido por ${d}.`,
      ignore: 'Se você não pediu para redefinir a senha, ignore esta mensagem: sua senha continuará a mesma.',
    },
    passwordChanged: {
      subject: (p) => `${p}: sua senha foi alterada`,
      body: (e) => `A senha da sua conta ${e} foi alterada.`,
      advice: 'Se foi você, não é preciso fazer nada. Caso contrário, recupere sua senha imediatamente e entre em contato com o suporte.',
    },
    footer: 'Esta mensagem foi enviada automaticamente; não é necessário respondê-la.',
  },
  zh: {
    registrationCode: {
      subject: (p) => `${p}：注册验证码`,
      lead: '您用于完成注册的验证码：',
      validity: (d) => `验证码在${d}内有效。`,
      ignore: '如果这不是您本人的操作，请忽略此邮件。',
    },
    recoveryCode: {
      subject: (p) => `${p}：找回密码验证码`,
      lead: '您用于重置密码的验证码：',
      validity: (d) => `验证码在${d}内有效。`,
      ignore: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    },
    passwordChanged: {
      subject: (p) => `${p}：您的密码已更改`,
      body: (e) => `您的账户 ${e} 的密码已更改。`,
      advice: '如果是您本人操作，无需进行任何处理。如果不是，请立即找回密码并联系客服。',
    },
    footer: '此邮件由系统自动发送，请勿回复。',
  },
};

/** The languages that have mail templates: all ten of the product. */
export const MAIL_LANGUAGES = Object.keys(TEXTS) as Language[];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Subjects are one line: a newline in a project name must not reach the header. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

function duration(language: Language, minutes: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}

function texts(language: Language): Texts {
  // Callers pass a validated Language, but a stale stored locale should still get a readable mail.
  return TEXTS[language] ?? TEXTS.en;
}

/** The footer line of every automatic letter, in `language`. */
export function mailFooter(language: Language): string {
  return texts(language).footer;
}

/** A plain HTML letter: inline styles only, since mail clients drop <style> and external CSS. */
export function page(language: Language, title: string, body: string, footer: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d1f24">',
    '<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    body,
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7080">${footer}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function codeMail(language: Language, t: CodeTexts, values: CodeMailValues): RenderedMail {
  const f = texts(language).footer;
  const validity = t.validity(duration(language, values.validMinutes ?? 10));
  const subject = oneLine(t.subject(values.projectName));
  const text = [t.lead, '', values.code, '', validity, t.ignore, '', '--', f].join('\n');
  const html = page(
    language,
    escapeHtml(subject),
    [
      `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(t.lead)}</p>`,
      `<p style="margin:0 0 16px;font-size:36px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${escapeHtml(values.code)}</p>`,
      `<p style="margin:0 0 8px;font-size:14px">${escapeHtml(validity)}</p>`,
      `<p style="margin:0;font-size:14px;color:#6b7080">${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
    escapeHtml(f),
  );
  return { subject, text, html };
}

export function registrationCodeMail(language: Language, values: CodeMailValues): RenderedMail {
  return codeMail(language, texts(language).registrationCode, values);
}

export function recoveryCodeMail(language: Language, values: CodeMailValues): RenderedMail {
  return codeMail(language, texts(language).recoveryCode, values);
}

export function passwordChangedMail(language: Language, values: PasswordChangedValues): RenderedMail {
  const all = texts(language);
  const t = all.passwordChanged;
  const subject = oneLine(t.subject(values.projectName));
  const body = t.body(values.email);
  const text = [body, '', t.advice, '', '--', all.footer].join('\n');
  const html = page(
    language,
    escapeHtml(subject),
    [
      `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(body)}</p>`,
      `<p style="margin:0;font-size:14px">${escapeHtml(t.advice)}</p>`,
    ].join('\n'),
    escapeHtml(all.footer),
  );
  return { subject, text, html };
}
