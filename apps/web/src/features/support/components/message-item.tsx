import { useTranslation } from 'react-i18next';
import { TICKET_ACKNOWLEDGEMENT_TEXT } from '@portal/contracts/support-constants';
import type { TMessageAuthorKind, TTicketMessage } from '@portal/contracts/support';
import { RichText } from '@/shared/rich-text';
import { useHeldLink } from '@/shared/hooks/use-held-link';
import { notifyError } from '@/shared/ui/notify';
import { formatDateTime } from '@portal/contracts/format';

/** Who wrote it: the player, support staff or the automated system. */
export function authorOf(message: TTicketMessage): TMessageAuthorKind {
  if (message.author) return message.author;
  if (message.isAutomated) return 'system';
  return message.isUserMsg ? 'user' : 'staff';
}

/** One chat message: author and time, rich text, and the optional image and video. */
export function MessageItem({ message }: { message: TTicketMessage }) {
  const { t } = useTranslation();
  const author = authorOf(message);
  const authorName = t(`support.author.${author}`);
  const time = formatDateTime(message.createTs);
  // The server's acknowledgement is stored in English; it is shown in the reader's language.
  const isAcknowledgement = author === 'system' && message.text.trim() === TICKET_ACKNOWLEDGEMENT_TEXT;
  // The polls bring fresh signed links; the element keeps its first one until it fails.
  const image = useHeldLink(message.image?.path ?? '');
  const video = useHeldLink(message.video?.path ?? '');

  return (
    <li className={`support-message support-message--${author}`}>
      <article aria-label={`${authorName}, ${time}`}>
        <header className="support-message__meta">
          <span className="support-message__author">{authorName}</span>
          <time dateTime={message.createTs}>{time}</time>
        </header>
        {isAcknowledgement ? (
          <p className="support-message__text">{t('support.messageReceived')}</p>
        ) : message.text ? (
          <RichText className="support-message__text" html={message.text} />
        ) : null}
        {message.image ? (
          <a className="support-message__image" href={message.image.path} target="_blank" rel="noopener noreferrer">
            <img
              src={image.src}
              alt={t('support.attachedImage')}
              loading="lazy"
              onError={() => image.retry() || notifyError('ERROR_LOADING_IMAGE')}
            />
          </a>
        ) : null}
        {message.video ? (
          <video
            className="support-message__video"
            src={video.src}
            controls
            preload="metadata"
            aria-label={t('support.attachedVideo')}
            onError={() => video.retry() || notifyError('ERROR_LOADING_VIDEO')}
          />
        ) : null}
      </article>
    </li>
  );
}
