import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_KEYS, TICKET_TITLE_MAX_LENGTH } from '@portal/contracts/support';
import { getRequestContext } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { RichTextEditor, isRichTextEmpty } from '@/shared/rich-text';
import { notifyError } from '@/shared/ui/notify';
import { useCreateTicket } from '../api/create-ticket';
import { NavAction, type SupportNav } from '../support-nav';
import { AttachmentField } from './attachment-field';
import { UploadProgress } from './upload-progress';
import { serverProblem } from './server-problem';

interface TicketCreateProps {
  nav: SupportNav;
  /** first=1: the player's first ticket (the list is empty). */
  first?: boolean;
}

/** `/support/ticket/create/:first?`: title, rich description, optional image and video. */
export function TicketCreate({ nav, first }: TicketCreateProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionErrorId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [descriptionError, setDescriptionError] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const create = useCreateTicket();
  const config = useInitialConfig(getRequestContext().project ?? undefined);
  const project = getRequestContext().project || config.data?.projects.name || config.data?.mainData.projectName || '';
  const defaultTitle = t('support.defaultTitle', { project }).trim();
  usePageMeta({ title: `${t('support.createTitle')} · ${t('header.portalName')}` });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    if (isRichTextEmpty(text)) {
      setDescriptionError(true);
      return;
    }
    const hasFiles = Boolean(image || video);
    setProgress(hasFiles ? { sent: 0, total: (image?.size ?? 0) + (video?.size ?? 0) } : null);
    create.mutate(
      {
        title: title.trim() || defaultTitle,
        text,
        image,
        video,
        onProgress: hasFiles ? (sent, total) => setProgress({ sent, total }) : undefined,
      },
      {
        onSuccess: ({ id }) => nav.openTicket(id),
        onError: (error) => {
          const problem = serverProblem(error, { image, video });
          if (!problem) {
            notifyError('CREATE_TICKET_ERROR');
            return;
          }
          if (problem.key === SUPPORT_MESSAGE_KEYS.descriptionEmptyWarning) setDescriptionError(true);
          else setFormError(t(problem.key, problem.values));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section className="support support-create" aria-labelledby="support-create-title">
      <div className="support__top">
        <h1 id="support-create-title">{t('support.createTitle')}</h1>
        {!first ? (
          <NavAction className="support__back" href={nav.listHref?.()} onClick={nav.list}>
            {t('support.backToTickets')}
          </NavAction>
        ) : null}
      </div>
      {first ? <p className="support__intro">{t('support.firstTicketIntro')}</p> : null}
      <form className="support-form" onSubmit={submit} noValidate>
        <div className="support-form__field">
          <label htmlFor={titleId}>{t('support.titleLabel')}</label>
          <input
            id={titleId}
            type="text"
            value={title}
            maxLength={TICKET_TITLE_MAX_LENGTH}
            placeholder={defaultTitle}
            disabled={create.isPending}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="support-form__field">
          <RichTextEditor
            label={t('support.descriptionLabel')}
            value={text}
            onChange={(html) => {
              setText(html);
              if (descriptionError && !isRichTextEmpty(html)) setDescriptionError(false);
            }}
            invalid={descriptionError}
            describedBy={descriptionError ? descriptionErrorId : undefined}
            disabled={create.isPending}
          />
          {descriptionError ? (
            <p id={descriptionErrorId} role="alert" className="support-form__error">
              {t('support.descriptionEmptyWarning')}
            </p>
          ) : null}
        </div>
        <div className="support-form__files">
          <AttachmentField kind="image" file={image} onChange={setImage} disabled={create.isPending} />
          <AttachmentField kind="video" file={video} onChange={setVideo} disabled={create.isPending} />
        </div>
        {progress ? <UploadProgress sent={progress.sent} total={progress.total} /> : null}
        {formError ? (
          <p role="alert" className="support-form__error">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="support__primary" disabled={create.isPending}>
          {create.isPending ? t('support.sending') : t('support.createButton')}
        </button>
      </form>
    </section>
  );
}
